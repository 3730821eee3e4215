// How repeated sign-in failures are slowed down. Counters live in SignInThrottle, one row per
// "email:<address>" and per "ip:<address>".
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Failures within the window that lock an email. */
export const EMAIL_FAILURE_LIMIT = 5;
/** An address may be shared (an office, a NAT), so it gets more room than one email. */
export const IP_FAILURE_LIMIT = 20;
export const FIRST_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 60 * 60_000;

export function throttleKeyForEmail(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

export function throttleKeyForIp(ip: string): string {
  return `ip:${ip}`;
}

export function failureLimitFor(key: string): number {
  return key.startsWith('ip:') ? IP_FAILURE_LIMIT : EMAIL_FAILURE_LIMIT;
}

/**
 * Lock length after `failures` failures: one minute at the limit, doubling with each further
 * failure, at most an hour.
 */
export function lockDurationMs(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(FIRST_LOCK_MS * 2 ** Math.min(failures - limit, 10), MAX_LOCK_MS);
}
