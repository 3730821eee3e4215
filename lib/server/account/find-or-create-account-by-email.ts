import 'server-only';

import { isConsoleError } from '@/lib/server/console-error';

import { createAccountWithUser } from './create-account-with-user';
import { findUserByEmail } from './find-user-by-email';

export type FindOrCreateAccountByEmailOptions = { email: string };

/**
 * The account of the user with this email, created (user without password) when there is none.
 * Used by the operator command line.
 */
export async function findOrCreateAccountByEmail({ email }: FindOrCreateAccountByEmailOptions) {
  const existing = await findUserByEmail({ email });
  if (existing) return { accountId: existing.accountId, userId: existing.id, created: false };
  try {
    const { user } = await createAccountWithUser({ email });
    return { accountId: user.accountId, userId: user.id, created: true };
  } catch (error) {
    // Someone created it between the lookup and the insert: use theirs.
    if (!isConsoleError(error, 'email_taken')) throw error;
    const raced = await findUserByEmail({ email });
    if (!raced) throw error;
    return { accountId: raced.accountId, userId: raced.id, created: false };
  }
}
