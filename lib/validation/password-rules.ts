// The password rules the forms show as hints. No zod here: client components import this, and
// the schemas that enforce the rules (auth.ts) stay on the server.
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
