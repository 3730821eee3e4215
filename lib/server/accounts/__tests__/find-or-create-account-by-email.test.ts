import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/accounts/find-or-create-account-by-email';
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
    const linked = await linkOAuthIdentity({ provider: 'github', providerAccountId: randomUUID(), verifiedEmail: email });
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
    expect(await linkOAuthIdentity({ provider: 'github', providerAccountId: randomUUID(), verifiedEmail: null })).toBeNull();
  });
});
