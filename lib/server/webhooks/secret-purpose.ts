// The secret-box purpose webhook signing secrets are sealed under (lib/server/auth/secret-box.ts):
// the console seals with it (endpoints.ts) and the delivery job opens with it.
export const WEBHOOK_SECRET_PURPOSE = 'webhook-signing-secret';
