import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { authenticateWithPassword } from '@/lib/server/auth/authenticate-with-password';
import { isSessionCurrent } from '@/lib/server/auth/is-session-current';
import { linkOAuthIdentity } from '@/lib/server/auth/link-oauth-identity';

const uniqueEmail = () => `cli-${randomUUID()}@accounts.test`;

describe('findOrCreateAccountByEmail', () => {
  it('creates an account with a passwordless user once, then finds it', async () => {
    const email = uniqueEmail();
    const first = await findOrCreateAccountByEmail({ email });
    const second = await findOrCreateAccountByEmail({ email: email.toUpperCase() });
    expect(first.created).toBe(true);
    expect(second).toEqual({ ...first, created: false });
    expect((await db.user.findUniqueOrThrow({ where: { email } })).passwordHash).toBeNull();
  });

  it('creates one account when called simultaneously for the same email', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(Array.from({ length: 5 }, () => findOrCreateAccountByEmail({ email })));
    expect(new Set(results.map((r) => r.accountId)).size).toBe(1);
  });
});

describe('linkOAuthIdentity', () => {
  it('links a verified email to the existing user of that email', async () => {
    const email = uniqueEmail();
    const existing = await findOrCreateAccountByEmail({ email });
    const linked = await linkOAuthIdentity({
      provider: 'github',
      providerAccountId: randomUUID(),
      verifiedEmail: email,
    });
    expect(linked).toEqual({ userId: existing.userId, accountId: existing.accountId, email });
  });

  it('creates an account for a new verified email and finds it again by identity alone', async () => {
    const email = uniqueEmail();
    const providerAccountId = randomUUID();
    const created = await linkOAuthIdentity({ provider: 'google', providerAccountId, verifiedEmail: email });
    expect(created?.email).toBe(email);
    expect(await linkOAuthIdentity({ provider: 'google', providerAccountId, verifiedEmail: null })).toEqual(created);
  });

  it('refuses an unlinked identity without a verified email', async () => {
    expect(
      await linkOAuthIdentity({ provider: 'github', providerAccountId: randomUUID(), verifiedEmail: null }),
    ).toBeNull();
  });

  it("shuts out a password set up beforehand under the owner's address (account pre-hijack)", async () => {
    const email = uniqueEmail();
    const attackerPassword = 'the attacker chose this one';
    const { user } = await createAccountWithUser({ email, password: attackerPassword });
    const attackerSignedInAt = Date.now() - 1;

    const linked = await linkOAuthIdentity({
      provider: 'github',
      providerAccountId: randomUUID(),
      verifiedEmail: email,
    });
    expect(linked?.userId).toBe(user.id);

    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordHash).toBeNull();
    expect(stored.emailVerifiedAt).not.toBeNull();
    expect(isSessionCurrent(attackerSignedInAt, stored.sessionsValidFrom)).toBe(false);
    const ip = `10.9.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
    expect(await authenticateWithPassword({ email, password: attackerPassword, ip })).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('keeps the password and sessions of a user whose email is already verified', async () => {
    const email = uniqueEmail();
    const first = await linkOAuthIdentity({
      provider: 'google',
      providerAccountId: randomUUID(),
      verifiedEmail: email,
    });
    await db.user.update({ where: { id: first!.userId }, data: { passwordHash: 'scrypt$kept' } });
    await linkOAuthIdentity({ provider: 'github', providerAccountId: randomUUID(), verifiedEmail: email });
    const stored = await db.user.findUniqueOrThrow({ where: { id: first!.userId } });
    expect(stored.passwordHash).toBe('scrypt$kept');
    expect(stored.sessionsValidFrom).toBeNull();
  });
});
