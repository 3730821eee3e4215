// How fresh a sign-in must be to stand in for the password (OAuth-only users changing their email).

/** A session signed in longer ago than this must sign in again first. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/** Whether a session signed in at `signedInAt` (ms since epoch; undefined for old tokens) is recent. */
export function isRecentSignIn(signedInAt: number | undefined, now: Date = new Date()): boolean {
  if (signedInAt === undefined) return false;
  const age = now.getTime() - signedInAt;
  // A clock that went backwards by a little is not a reason to refuse; a future stamp is.
  return age >= -60_000 && age <= RECENT_SIGN_IN_MS;
}
