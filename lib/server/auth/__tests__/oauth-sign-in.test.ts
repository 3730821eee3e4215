// A new OAuth identity skipped two-factor sign-in. Someone who controls the
// victim's mailbox verified the victim's address on a brand-new GitHub account, signed in with it,
// and was linked to the victim's user by email, with a session and no code. Now an address alone
// never links to a user with a password or two-factor sign-in, a linked identity of a two-factor
// user is asked for the code, a link is made from /settings by the signed-in owner, and every
// new link mails the address with the account-recovery link that undoes it. On the real database,
// through the functions the Auth.js callbacks call (lib/auth/index.ts).
import { randomUUID } from 'node:crypto';

import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { secureAccount } from '@/lib/server/account/secure-account';
import { authenticateWithPassword } from '@/lib/server/auth/authenticate-with-password';
import { confirmTwoFactorSetup } from '@/lib/server/auth/confirm-two-factor-setup';
import { getTwoFactorStatus } from '@/lib/server/auth/get-two-factor-status';
import {
  findOAuthSessionUser,
  linkOAuthIdentityToUser,
  removeOAuthIdentity,
  resolveOAuthSignIn,
} from '@/lib/server/auth/link-oauth-identity';
import { startTwoFactorSetup } from '@/lib/server/auth/start-two-factor-setup';
import { totpCodeAt } from '@/lib/server/auth/totp';

const PASSWORD = 'correct horse battery staple';
const uniqueEmail = (label: string) => `${label}-${randomUUID()}@oauth.test`;
const uniqueIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`;

async function passwordUser() {
  const email = uniqueEmail('victim');
  const { user } = await createAccountWithUser({ email, password: PASSWORD, emailVerified: true });
  return { email, userId: user.id, accountId: user.accountId };
}

async function twoFactorUser() {
  const user = await passwordUser();
  await startTwoFactorSetup({ userId: user.userId });
  const { pending } = await getTwoFactorStatus({ userId: user.userId });
  const now = Date.now();
  const code = totpCodeAt({ secret: Secret.fromBase32(pending!.secret), timestamp: now });
  const confirmed = await confirmTwoFactorSetup({ userId: user.userId, code, ip: null, now: new Date(now) });
  if (!confirmed.ok) throw new Error(`set-up failed: ${confirmed.reason}`);
  return user;
}

const mailsTo = (email: string) => db.mailMessage.findMany({ where: { to: email }, orderBy: { createdAt: 'asc' } });
const identitiesOf = (userId: string) => db.authIdentity.findMany({ where: { userId } });
const recoveryToken = (text: string) => /secure-account\?token=([\w-]+)/.exec(text)?.[1];

describe.each(['github', 'google'])('an OAuth sign-in through %s', (provider) => {
  it("with a fresh identity carrying a two-factor user's verified email: no session, no link, nothing linked", async () => {
    const victim = await twoFactorUser();
    const before = (await mailsTo(victim.email)).length;
    const identity = { provider, providerAccountId: randomUUID() };
    const outcome = await resolveOAuthSignIn({ ...identity, verifiedEmail: victim.email });
    expect(outcome).toEqual({ kind: 'refused', reason: 'link_from_settings' });
    expect(await identitiesOf(victim.userId)).toEqual([]);
    // The session step (the jwt callback) finds nobody to start a session for either.
    expect(await findOAuthSessionUser(identity)).toBeNull();
    expect((await mailsTo(victim.email)).length).toBe(before);
  });

  it("with a fresh identity carrying a password user's verified email: refused, to be linked from /settings", async () => {
    const victim = await passwordUser();
    const identity = { provider, providerAccountId: randomUUID() };
    expect(await resolveOAuthSignIn({ ...identity, verifiedEmail: victim.email })).toEqual({
      kind: 'refused',
      reason: 'link_from_settings',
    });
    expect(await identitiesOf(victim.userId)).toEqual([]);
    const stored = await db.user.findUniqueOrThrow({ where: { id: victim.userId } });
    expect(stored.passwordHash).not.toBeNull();
  });

  it('with an identity already linked to a two-factor user: the code step follows, no session yet', async () => {
    const owner = await twoFactorUser();
    const identity = { provider, providerAccountId: randomUUID() };
    expect(await linkOAuthIdentityToUser({ userId: owner.userId, ...identity })).toBe('linked');
    expect(await resolveOAuthSignIn({ ...identity, verifiedEmail: owner.email })).toEqual({
      kind: 'two_factor',
      userId: owner.userId,
      accountId: owner.accountId,
      email: owner.email,
    });
    expect(await findOAuthSessionUser(identity)).toBeNull();
  });

  it('with an identity linked to a user without two-factor sign-in: a session', async () => {
    const owner = await passwordUser();
    const identity = { provider, providerAccountId: randomUUID() };
    await linkOAuthIdentityToUser({ userId: owner.userId, ...identity });
    expect(await resolveOAuthSignIn({ ...identity, verifiedEmail: null })).toMatchObject({
      kind: 'session',
      userId: owner.userId,
    });
    expect(await findOAuthSessionUser(identity)).toEqual({
      userId: owner.userId,
      accountId: owner.accountId,
      email: owner.email,
    });
  });

  it('creates an account for a new verified address, and finds it again by the identity alone', async () => {
    const email = uniqueEmail('new');
    const identity = { provider, providerAccountId: randomUUID() };
    const created = await resolveOAuthSignIn({ ...identity, verifiedEmail: email });
    expect(created).toMatchObject({ kind: 'session', email });
    expect(await resolveOAuthSignIn({ ...identity, verifiedEmail: null })).toEqual(created);
  });

  it('refuses an unlinked identity without a verified address', async () => {
    expect(await resolveOAuthSignIn({ provider, providerAccountId: randomUUID(), verifiedEmail: null })).toEqual({
      kind: 'refused',
      reason: 'unverified_email',
    });
  });
});

describe('linking a sign-in method', () => {
  it('links from /settings, mails the address with the recovery link, and the link undoes it', async () => {
    const owner = await twoFactorUser();
    const identity = { provider: 'github', providerAccountId: randomUUID() };
    expect(await linkOAuthIdentityToUser({ userId: owner.userId, ...identity })).toBe('linked');
    expect(await linkOAuthIdentityToUser({ userId: owner.userId, ...identity })).toBe('already_linked');
    expect(await identitiesOf(owner.userId)).toHaveLength(1);

    const notice = (await mailsTo(owner.email)).find((m) => m.subject.startsWith('GitHub sign-in was linked'));
    expect(notice?.text).toContain('/secure-account?token=');
    const token = recoveryToken(notice!.text)!;
    const newPassword = 'the owner takes it back';
    expect(await secureAccount({ token, password: newPassword })).toEqual({ ok: true, email: owner.email });
    expect(await identitiesOf(owner.userId)).toEqual([]);
    expect(await authenticateWithPassword({ email: owner.email, password: newPassword, ip: uniqueIp() })).toMatchObject(
      { ok: true },
    );
  });

  it("does not move an identity that is another user's", async () => {
    const first = await passwordUser();
    const second = await passwordUser();
    const identity = { provider: 'google', providerAccountId: randomUUID() };
    await linkOAuthIdentityToUser({ userId: first.userId, ...identity });
    expect(await linkOAuthIdentityToUser({ userId: second.userId, ...identity })).toBe('taken');
    expect(await identitiesOf(second.userId)).toEqual([]);
  });

  it('links a verified address to a user who signs in through providers only, and mails it', async () => {
    const email = uniqueEmail('oauth-only');
    const first = await resolveOAuthSignIn({
      provider: 'google',
      providerAccountId: randomUUID(),
      verifiedEmail: email,
    });
    expect(first.kind).toBe('session');
    const second = await resolveOAuthSignIn({
      provider: 'github',
      providerAccountId: randomUUID(),
      verifiedEmail: email,
    });
    expect(second).toEqual(first);
    expect((await mailsTo(email)).map((m) => m.subject)).toContain(
      'GitHub sign-in was linked to your Public Data API account',
    );
  });

  it('removes a method and mails, but never the last way in', async () => {
    const email = uniqueEmail('remove');
    const google = { provider: 'google', providerAccountId: randomUUID() };
    const created = await resolveOAuthSignIn({ ...google, verifiedEmail: email });
    if (created.kind !== 'session') throw new Error('expected a session');
    expect(await removeOAuthIdentity({ userId: created.userId, provider: 'google' })).toBe('last_method');
    await linkOAuthIdentityToUser({ userId: created.userId, provider: 'github', providerAccountId: randomUUID() });
    expect(await removeOAuthIdentity({ userId: created.userId, provider: 'google' })).toBe('removed');
    expect((await identitiesOf(created.userId)).map((i) => i.provider)).toEqual(['github']);
    expect((await mailsTo(email)).map((m) => m.subject)).toContain(
      'Google sign-in was removed from your Public Data API account',
    );
  });
});
