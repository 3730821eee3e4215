// The signature of a webhook delivery, as Stripe signs its own: the header
// `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, with one
// v1 per secret that signs (the current one and, during a roll's grace period, the previous one).
// No 'server-only': the tests and docs' receivers verify with verifyWebhookSignature too.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Webhook-Signature';

/** How far a signature's timestamp may be from the receiver's clock (Stripe's default). */
const DEFAULT_TOLERANCE_SECONDS = 300;

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The header value for one delivery of `body` at `timestamp` (unix seconds). */
export function signWebhookBody(body: string, secrets: string[], timestamp: number): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmacHex(secret, timestamp, body)}`)].join(',');
}

/**
 * Whether `header` signs `body` with `secret` at a time within `toleranceSeconds` of `now`: what
 * a receiver checks. Any one of the v1 signatures may match.
 */
export function verifyWebhookSignature(
  body: string,
  header: string | null | undefined,
  secret: string,
  { now = new Date(), toleranceSeconds = DEFAULT_TOLERANCE_SECONDS }: { now?: Date; toleranceSeconds?: number } = {},
): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
  return signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
