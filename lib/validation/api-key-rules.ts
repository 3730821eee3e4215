// API key limits and roll choices the forms show. No zod here: client components import this, and
// the schemas that enforce them (api-keys.ts) stay on the server.
export const API_KEY_NAME_MAX_LENGTH = 64;
export const MAX_API_KEYS_PER_ACCOUNT = 10;

/** How long a rolled key's old secret keeps working: the choices of the roll dialog, in seconds. */
export const ROLL_GRACE_PERIODS = { now: 0, '1h': 3_600, '24h': 86_400, '7d': 604_800 } as const;
export type RollGrace = keyof typeof ROLL_GRACE_PERIODS;
export const ROLL_GRACE_LABELS: Record<RollGrace, string> = {
  now: 'Now (the old key stops at once)',
  '1h': 'In 1 hour',
  '24h': 'In 24 hours',
  '7d': 'In 7 days',
};
