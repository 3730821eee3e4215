import 'server-only';

import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { hashPassword } from '@/lib/server/auth/hash-password';
import { ConsoleError } from '@/lib/server/console-error';

export type CreateAccountWithUserOptions = {
  email: string;
  /** Omitted for accounts that sign in with OAuth only, or that the operator created. */
  password?: string;
  name?: string | null;
  /** An OAuth provider vouched for the email: the user starts verified. */
  emailVerified?: boolean;
  /** A self-service sign-up: the API stays within the free tier until the email is verified. */
  requireVerification?: boolean;
};

/** Creates an account and its first user in one transaction. Throws ConsoleError `email_taken`. */
export async function createAccountWithUser({
  email,
  password,
  name,
  emailVerified = false,
  requireVerification = false,
}: CreateAccountWithUserOptions) {
  const normalizedEmail = email.trim().toLowerCase();
  // Hash before the transaction: scrypt takes tens of milliseconds and holds no lock.
  const passwordHash = password === undefined ? null : await hashPassword(password);
  try {
    return await db.$transaction(async (tx) => {
      const account = await tx.account.create({
        data: { name: name ?? null, emailUnverified: requireVerification && !emailVerified },
      });
      const user = await tx.user.create({
        data: {
          email: normalizedEmail,
          name: name ?? null,
          passwordHash,
          emailVerifiedAt: emailVerified ? new Date() : null,
          accountId: account.id,
        },
        select: { id: true, email: true, accountId: true },
      });
      return { account, user };
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new ConsoleError('email_taken', 'An account with this email already exists', { field: 'email' });
    }
    throw error;
  }
}
