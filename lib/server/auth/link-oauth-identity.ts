import 'server-only';

import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { isConsoleError } from '@/lib/server/console-error';
import { findUserByEmail } from '@/lib/server/account/find-user-by-email';

import { prepareSignInChangeNotice } from './sign-in-change-notice';

export type OAuthIdentity = { provider: string; providerAccountId: string };

export type ResolveOAuthSignInOptions = OAuthIdentity & {
  /** The address the provider vouches for; null when it has none verified. */
  verifiedEmail: string | null;
  name?: string | null;
};

type SignInUser = { userId: string; accountId: string; email: string };

/**
 * What an OAuth sign-in leads to:
 * - `session`: the identity's user signs in (no second factor to ask);
 * - `two_factor`: the identity's user has two-factor sign-in, so the code step follows, as after a password;
 * - `refused`: `unverified_email` (the provider vouches for no address), or `link_from_settings`
 *   (the address belongs to a user with a password or two-factor sign-in: only that user, signed
 *   in, may link the identity, from /settings).
 */
export type OAuthSignInOutcome =
  | ({ kind: 'session' } & SignInUser)
  | ({ kind: 'two_factor' } & SignInUser)
  | { kind: 'refused'; reason: 'unverified_email' | 'link_from_settings' };

async function linkedUser({ provider, providerAccountId }: OAuthIdentity) {
  const linked = await db.authIdentity.findUnique({
    where: { provider_providerAccountId: { provider, providerAccountId } },
    select: { user: { select: { id: true, accountId: true, email: true, totpEnabledAt: true } } },
  });
  return linked?.user ?? null;
}

/** An identity's user, told apart by whether the code step must follow. */
function outcomeFor(user: { id: string; accountId: string; email: string; totpEnabledAt: Date | null }) {
  const signIn = { userId: user.id, accountId: user.accountId, email: user.email };
  return user.totpEnabledAt ? { kind: 'two_factor' as const, ...signIn } : { kind: 'session' as const, ...signIn };
}

/**
 * The user an OAuth sign-in belongs to: the one already linked to this identity, else a new
 * account and user for a verified address nobody has, else, for an address whose user signs in
 * only through providers (no password, so no two-factor either), that user, linked now and told
 * by mail.
 *
 * An address alone never opens an account that has a password or two-factor sign-in: whoever
 * controls the mailbox can verify it on a new GitHub or Google account, and that must not get
 * them past the password and the code. Such an owner links a provider from /settings, signed in.
 */
export async function resolveOAuthSignIn({
  provider,
  providerAccountId,
  verifiedEmail,
  name,
}: ResolveOAuthSignInOptions): Promise<OAuthSignInOutcome> {
  const linked = await linkedUser({ provider, providerAccountId });
  if (linked) return outcomeFor(linked);
  if (!verifiedEmail) return { kind: 'refused', reason: 'unverified_email' };

  let user = await findUserByEmail({ email: verifiedEmail });
  if (!user) {
    try {
      await createAccountWithUser({ email: verifiedEmail, name, emailVerified: true });
      const created = await findUserByEmail({ email: verifiedEmail });
      if (!created) return { kind: 'refused', reason: 'unverified_email' };
      await db.authIdentity.create({ data: { provider, providerAccountId, userId: created.id } });
      return { kind: 'session', userId: created.id, accountId: created.accountId, email: created.email };
    } catch (error) {
      if (!isConsoleError(error, 'email_taken') && !isUniqueViolation(error)) throw error;
      // Someone else created the user (or linked the identity) at the same moment: decide again.
      const now = await linkedUser({ provider, providerAccountId });
      if (now) return outcomeFor(now);
      user = await findUserByEmail({ email: verifiedEmail });
      if (!user) throw error;
    }
  }
  const owner = await db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { id: true, accountId: true, email: true, passwordHash: true, totpEnabledAt: true },
  });
  if (owner.passwordHash !== null || owner.totpEnabledAt !== null)
    return { kind: 'refused', reason: 'link_from_settings' };
  const result = await linkOAuthIdentityToUser({ userId: owner.id, provider, providerAccountId });
  if (result === 'taken') {
    const now = await linkedUser({ provider, providerAccountId });
    if (now) return outcomeFor(now);
  }
  return { kind: 'session', userId: owner.id, accountId: owner.accountId, email: owner.email };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/**
 * Links an identity to a user and mails the user's address about it, with the account-recovery
 * link that undoes it. `already_linked`: it was this user's; `taken`: another user's.
 */
export async function linkOAuthIdentityToUser({
  userId,
  provider,
  providerAccountId,
}: OAuthIdentity & { userId: string }): Promise<'linked' | 'already_linked' | 'taken'> {
  const existing = await db.authIdentity.findUnique({
    where: { provider_providerAccountId: { provider, providerAccountId } },
    select: { userId: true },
  });
  if (existing) return existing.userId === userId ? 'already_linked' : 'taken';
  const { email } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  // The recovery link is made first: its time marks what following it undoes.
  const sendNotice = await prepareSignInChangeNotice({ userId, email, change: { kind: 'identity_linked', provider } });
  try {
    await db.authIdentity.create({ data: { provider, providerAccountId, userId } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const now = await db.authIdentity.findUnique({
      where: { provider_providerAccountId: { provider, providerAccountId } },
      select: { userId: true },
    });
    return now?.userId === userId ? 'already_linked' : 'taken';
  }
  await sendNotice();
  return 'linked';
}

/**
 * The user an OAuth sign-in starts a session for: the identity's user, unless two-factor sign-in
 * is on (then only the code step starts one). Checked again when the session is made, whatever
 * the sign-in callback decided.
 */
export async function findOAuthSessionUser(identity: OAuthIdentity): Promise<SignInUser | null> {
  const user = await linkedUser(identity);
  if (!user || user.totpEnabledAt) return null;
  return { userId: user.id, accountId: user.accountId, email: user.email };
}

/** The providers linked to a user, with when each was linked. */
export async function listOAuthIdentities({ userId }: { userId: string }) {
  return db.authIdentity.findMany({
    where: { userId },
    select: { provider: true, createdAt: true },
    orderBy: { createdAt: 'asc' },
  });
}

/**
 * Removes a provider's sign-in from a user, and mails the address. Refused when it is the last way
 * in (no password and no other provider).
 */
export async function removeOAuthIdentity({
  userId,
  provider,
}: {
  userId: string;
  provider: string;
}): Promise<'removed' | 'not_linked' | 'last_method'> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, passwordHash: true, identities: { select: { id: true, provider: true } } },
  });
  const mine = user.identities.filter((i) => i.provider === provider);
  if (mine.length === 0) return 'not_linked';
  if (user.passwordHash === null && user.identities.length === mine.length) return 'last_method';
  const sendNotice = await prepareSignInChangeNotice({
    userId,
    email: user.email,
    change: { kind: 'identity_removed', provider },
  });
  await db.authIdentity.deleteMany({ where: { userId, provider } });
  await sendNotice();
  return 'removed';
}
