// Time-based one-time passwords (RFC 6238) for two-factor sign-in, through otpauth. The settings
// every authenticator app understands: SHA-1, 6 digits, 30-second steps. The algorithm and digits
// are parameters only so that the RFC's own test vectors (SHA-1/256/512, 8 digits) can be checked.
import { Secret, TOTP } from 'otpauth';

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Codes of the step before and after are accepted too: a phone's clock may be a little off. */
const TOTP_WINDOW = 1;
const TOTP_ISSUER = 'Public Data API';

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

type TotpOptions = { secret: Secret; algorithm?: TotpAlgorithm; digits?: number; label?: string };

function totp({ secret, algorithm = 'SHA1', digits = TOTP_DIGITS, label = 'account' }: TotpOptions): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm, digits, period: TOTP_PERIOD_SECONDS, secret });
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as apps show it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address a QR code carries for an authenticator app to add the account. */
export function totpUri(secretBase32: string, label: string): string {
  return totp({ secret: Secret.fromBase32(secretBase32), label }).toString();
}

/** The code at `timestamp` (ms since epoch). */
export function totpCodeAt(options: TotpOptions & { timestamp: number }): string {
  return totp(options).generate({ timestamp: options.timestamp });
}

/** The 30-second step a time falls in (the counter of RFC 6238). */
export function totpStepAt(timestamp: number): number {
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step whose code `code` is, within TOTP_WINDOW of `now`, or null. Spaces are ignored (apps
 * show "123 456"); anything but the digits is no match.
 */
export function matchTotpStep(secretBase32: string, code: string, now: number): number | null {
  const token = code.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const delta = totp({ secret: Secret.fromBase32(secretBase32) }).validate({
    token,
    timestamp: now,
    window: TOTP_WINDOW,
  });
  return delta === null ? null : totpStepAt(now) + delta;
}
