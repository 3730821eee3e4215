/**
 * Whether a session signed in at `signedInAt` (ms) is still valid after the user's last
 * sign-out. Tokens are stateless, so a cookie can outlive its sign-out (a request in flight
 * during sign-out may set it again); this check is what makes sign-out final.
 */
export function isSessionCurrent(signedInAt: number | undefined, sessionsValidFrom: Date | null): boolean {
  if (!sessionsValidFrom) return true;
  return signedInAt !== undefined && signedInAt >= sessionsValidFrom.getTime();
}
