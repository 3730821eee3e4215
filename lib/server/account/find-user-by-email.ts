import 'server-only';

import { db } from '@/lib/db';

export type FindUserByEmailOptions = { email: string };

/** The user with this email (case-insensitive by normalisation), with its password hash. */
export async function findUserByEmail({ email }: FindUserByEmailOptions) {
  return db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, accountId: true, passwordHash: true, emailVerifiedAt: true },
  });
}
