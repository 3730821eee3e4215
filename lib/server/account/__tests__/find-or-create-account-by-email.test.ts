import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';

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
