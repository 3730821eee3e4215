// Rolled and expired keys as the console's actions see them: a key already being replaced is not
// rolled again, and "Delete expired keys" deletes only the session account's keys past their end.
// Only what Next provides around an action is stood in for: the session and the cache revalidation.
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '@/lib/db';
import type { ConsoleSession } from '@/lib/auth/require-session';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { rollApiKey } from '@/lib/server/keys/roll-api-key';
import { seedAccount } from '@/lib/server/keys/__tests__/support/seed';

const signedIn = vi.hoisted(() => ({ session: null as ConsoleSession | null }));

vi.mock('@/lib/auth/require-session', () => ({
  requireSession: async () => {
    if (!signedIn.session) throw new Error('no session in this test');
    return signedIn.session;
  },
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

const { deleteExpiredApiKeysAction, rollApiKeyAction } = await import('@/lib/actions/api-keys');

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

async function signInAs(label: string) {
  const account = await seedAccount(label);
  signedIn.session = { userId: account.actor.id, accountId: account.accountId, email: account.actor.label };
  return account;
}

const statusOf = async (id: string) => (await db.apiKey.findUniqueOrThrow({ where: { id } })).status;

describe('rolled keys', () => {
  beforeEach(() => {
    signedIn.session = null;
  });

  it('refuses to roll a key that is already being replaced, and rolls its successor', async () => {
    const owner = await signInAs('roller');
    const { record } = await createApiKey({ accountId: owner.accountId, actor: owner.actor, name: 'prod' });
    const first = await rollApiKey({ ...owner, keyId: record.id, grace: '24h' });

    const again = await rollApiKeyAction(
      { status: 'idle' },
      form([
        ['keyId', record.id],
        ['grace', '24h'],
      ]),
    );
    expect(again).toEqual({
      status: 'error',
      message: `This key is already being replaced by ${first.record.prefix}…${first.record.last4}: roll that key instead`,
    });
    expect(await db.apiKey.count({ where: { accountId: owner.accountId } })).toBe(2);

    const next = await rollApiKeyAction(
      { status: 'idle' },
      form([
        ['keyId', first.record.id],
        ['grace', '1h'],
      ]),
    );
    expect(next.status).toBe('success');
    expect(await db.apiKey.count({ where: { accountId: owner.accountId } })).toBe(3);
  });
});

describe('delete expired keys', () => {
  beforeEach(() => {
    signedIn.session = null;
  });

  it("deletes the session account's expired keys in one step, leaving keys that still work and another account's expired key", async () => {
    const other = await seedAccount('other');
    const { record: foreign } = await createApiKey({ accountId: other.accountId, actor: other.actor, name: 'theirs' });
    await rollApiKey({ ...other, keyId: foreign.id, grace: 'now' });

    const owner = await signInAs('cleaner');
    const { record: a } = await createApiKey({ accountId: owner.accountId, actor: owner.actor, name: 'a' });
    const { record: b } = await createApiKey({ accountId: owner.accountId, actor: owner.actor, name: 'b' });
    const rolledA = await rollApiKey({ ...owner, keyId: a.id, grace: 'now' });
    const rolledB = await rollApiKey({ ...owner, keyId: b.id, grace: 'now' });
    const { record: live } = await createApiKey({ accountId: owner.accountId, actor: owner.actor, name: 'live' });

    const answer = await deleteExpiredApiKeysAction(
      { status: 'idle' },
      form([a.id, b.id, live.id, foreign.id, 'no-such-key'].map((id) => ['keyId', id])),
    );
    expect(answer).toEqual({ status: 'success', message: 'Deleted 2 expired keys.' });
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['deleted', 'deleted']);
    expect([await statusOf(live.id), await statusOf(rolledA.record.id), await statusOf(rolledB.record.id)]).toEqual([
      'active',
      'active',
      'active',
    ]);
    expect(await statusOf(foreign.id)).toBe('active');
    expect(
      await db.apiKeyEvent.count({
        where: { apiKeyId: { in: [a.id, b.id] }, type: 'deleted', actorId: owner.actor.id },
      }),
    ).toBe(2);
    expect(await db.webhookEvent.count({ where: { accountId: owner.accountId, type: 'key.deleted' } })).toBe(2);

    // Nothing left to clear: said so, nothing changes.
    expect(await deleteExpiredApiKeysAction({ status: 'idle' }, form([['keyId', a.id]]))).toEqual({
      status: 'error',
      message: 'No expired key to delete.',
    });
  });

  it("answers another account's expired keys as if there were none, and deletes nothing", async () => {
    const other = await seedAccount('victim');
    const { record } = await createApiKey({ accountId: other.accountId, actor: other.actor, name: 'victim key' });
    await rollApiKey({ ...other, keyId: record.id, grace: 'now' });
    await signInAs('intruder');
    expect(await deleteExpiredApiKeysAction({ status: 'idle' }, form([['keyId', record.id]]))).toEqual({
      status: 'error',
      message: 'No expired key to delete.',
    });
    expect(await statusOf(record.id)).toBe('active');
    expect(await deleteExpiredApiKeysAction({ status: 'idle' }, form([]))).toEqual({
      status: 'error',
      message: 'No expired key to delete.',
    });
  });
});
