// How repeated sign-in attempts, sign-ups and password-reset requests are slowed down. Counters
// live in SignInThrottle, one row per "email:<address>", "ip:<address>" (sign-in),
// "signup:<address>" (sign-up), "reset-email:<email>" and "reset-ip:<address>" (reset requests),
// "signup-notice:<email>" (mails to the owner of an address someone tried to sign up with),
// "verify-resend:<email>" (new verification links a pending sign-up asked for),
// "two-factor:<user id>" (codes at sign-in, set-up and disabling; counted like an email's passwords).
// Attempts are counted when they start, before the password is checked, so parallel requests
// cannot all be evaluated before the first failure is written (take-throttle-attempt.ts).
import { isIPv6 } from 'node:net';

const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Failed attempts within the window that lock an email. */
export const EMAIL_FAILURE_LIMIT = 5;
/** An address may be shared (an office, a NAT), so it gets more room than one email. */
export const IP_FAILURE_LIMIT = 20;
/** Sign-ups from one address (an IPv6 /64) per hour before it is slowed down. */
export const SIGN_UP_LIMIT = 10;
const SIGN_UP_WINDOW_MS = 60 * 60_000;
const FIRST_LOCK_MS = 60_000;
const MAX_LOCK_MS = 60 * 60_000;
/**
 * How long an email's or a user's two-factor key stays escalated after its last lock ends, with
 * no attempt: a day. Were it the 15-minute window, someone holding the password could make 5
 * guesses, wait out the first 1-minute lock and 15 quiet minutes, and start again: about 450
 * guesses a day. Kept for a day, guessing as fast as the locks allow makes about 33 a day, and
 * waiting gains nothing. A success forgets it at once (settleThrottleAttempt).
 */
const ACCOUNT_ESCALATION_MS = 24 * 60 * 60_000;

export function throttleKeyForEmail(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

/**
 * An address as the throttles count it: IPv4 as is; IPv6 by its /64 prefix, since one
 * customer line usually gets a whole /64 and could otherwise rotate through it.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function throttleKeyForIp(ip: string): string {
  return `ip:${throttleAddress(ip)}`;
}

/** Two-factor codes of one user: as many guesses as passwords of one email, in the same window. */
export function throttleKeyForTwoFactor(userId: string): string {
  return `two-factor:${userId}`;
}

export function throttleKeyForSignUp(ip: string): string {
  return `signup:${throttleAddress(ip)}`;
}

/** Password-reset requests: per email (mail bombing one inbox) and per address (sweeping many). */
const RESET_EMAIL_LIMIT = 5;
const RESET_IP_LIMIT = 20;

export function throttleKeyForResetEmail(email: string): string {
  return `reset-email:${email.trim().toLowerCase()}`;
}

export function throttleKeyForResetIp(ip: string): string {
  return `reset-ip:${throttleAddress(ip)}`;
}

/** "Someone tried to sign up with your address" mails per address per hour: no mail bombing. */
export const SIGN_UP_NOTICE_LIMIT = 3;

export function throttleKeyForSignUpNotice(email: string): string {
  return `signup-notice:${email.trim().toLowerCase()}`;
}

/** New verification links a pending sign-up may ask for per hour (each replaces the last). */
export const VERIFICATION_RESEND_LIMIT = 5;

export function throttleKeyForVerificationResend(email: string): string {
  return `verify-resend:${email.trim().toLowerCase()}`;
}

export type ThrottlePolicy = {
  /** Attempts within the window that lock the key. */
  limit: number;
  /** A key never locked forgets its count this long after its first attempt. */
  windowMs: number;
  /** A key that was locked keeps escalating until a success or this long without an attempt after its lock. */
  escalationMs: number;
};

const hourly = (limit: number): ThrottlePolicy => ({
  limit,
  windowMs: SIGN_UP_WINDOW_MS,
  escalationMs: SIGN_UP_WINDOW_MS,
});

export function throttlePolicyFor(key: string): ThrottlePolicy {
  if (key.startsWith('signup:')) return hourly(SIGN_UP_LIMIT);
  if (key.startsWith('reset-email:')) return hourly(RESET_EMAIL_LIMIT);
  if (key.startsWith('reset-ip:')) return hourly(RESET_IP_LIMIT);
  if (key.startsWith('signup-notice:')) return hourly(SIGN_UP_NOTICE_LIMIT);
  if (key.startsWith('verify-resend:')) return hourly(VERIFICATION_RESEND_LIMIT);
  // An address is shared (an office, a NAT): its escalation ends after a quiet window.
  if (key.startsWith('ip:'))
    return { limit: IP_FAILURE_LIMIT, windowMs: THROTTLE_WINDOW_MS, escalationMs: THROTTLE_WINDOW_MS };
  return { limit: EMAIL_FAILURE_LIMIT, windowMs: THROTTLE_WINDOW_MS, escalationMs: ACCOUNT_ESCALATION_MS };
}

/**
 * Lock length once `attempts` attempts were taken without the key being forgotten: one minute
 * at the limit, doubling with each further attempt, at most an hour.
 */
export function lockDurationMs(attempts: number, limit: number): number {
  if (attempts < limit) return 0;
  return Math.min(FIRST_LOCK_MS * 2 ** Math.min(attempts - limit, 10), MAX_LOCK_MS);
}
