import 'server-only';

import { headers } from 'next/headers';

import type { ConsoleSession } from '@/lib/auth/require-session';
import { env } from '@/lib/env';
import { clientAddress } from '@/lib/http/client-address';
import { proveRecentAuthentication } from '@/lib/server/auth/prove-recent-authentication';
import { RECENT_SIGN_IN_MS } from '@/lib/server/auth/recent-sign-in';

import type { ActionState } from './action-state';

const CHECK_FIELDS = 'Check the highlighted fields.';

/**
 * The proof a sensitive action asks for beyond the session (proveRecentAuthentication), read from
 * the form's `currentPassword` (and `code`, a current two-factor code, where the form has one).
 * Answers null when it holds, else the state that tells the visitor what to give.
 */
export async function refuseWithoutRecentAuthentication(
  session: ConsoleSession,
  formData: FormData,
  action: string,
): Promise<ActionState | null> {
  const ip = clientAddress((await headers()).get('x-forwarded-for'), env.TRUSTED_PROXY_HOPS);
  const result = await proveRecentAuthentication({
    userId: session.userId,
    currentPassword: String(formData.get('currentPassword') ?? ''),
    code: String(formData.get('code') ?? '')
      .trim()
      .slice(0, 64),
    signedInAt: session.signedInAt,
    ip,
  });
  if (result.ok) return null;
  switch (result.reason) {
    case 'proof_required':
      return {
        status: 'error',
        message: CHECK_FIELDS,
        fieldErrors: { currentPassword: ['Enter your current password'] },
      };
    case 'wrong_password':
      return {
        status: 'error',
        message: CHECK_FIELDS,
        fieldErrors: { currentPassword: ['The current password is not right'] },
      };
    case 'wrong_code':
      return {
        status: 'error',
        message: CHECK_FIELDS,
        fieldErrors: { code: ['That code is not right, or was already used'] },
      };
    case 'locked':
      return {
        status: 'error',
        message: `Too many attempts, try again in ${result.retryAfterMinutes} ${result.retryAfterMinutes === 1 ? 'minute' : 'minutes'}.`,
      };
    case 'sign_in_again':
      return {
        status: 'error',
        message: `${action} needs a sign-in within the last ${RECENT_SIGN_IN_MS / 60_000} minutes. Sign in again, then try it.`,
      };
  }
}
