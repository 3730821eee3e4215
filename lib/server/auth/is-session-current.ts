/**
 * Whether a session signed in at `signedInAt` (ms) is still valid after the user's last
 * sign-out. Tokens are stateless, so a cookie can outlive its sign-out (a request in flight
 * during sign-out may set it again); this check is what makes sign-out final. A session ended
 * on its own from the sessions list (`sessionEndedAt`, its UserSession row) is over too.
 */
export function isSessionCurrent(
  signedInAt: number | undefined,
  sessionsValidFrom: Date | null,
  sessionId?: string,
  keptSessionId?: string | null,
  sessionEndedAt?: Date | null,
): boolean {
  if (sessionEndedAt) return false;
  if (!sessionsValidFrom) return true;
  // The session that ended the others stays (see endUserSessions).
  if (sessionId !== undefined && keptSessionId != null && sessionId === keptSessionId) return true;
  return signedInAt !== undefined && signedInAt >= sessionsValidFrom.getTime();
}
