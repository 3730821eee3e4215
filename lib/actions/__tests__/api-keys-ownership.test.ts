// The key actions as the console calls them, with a key id posted by another account: each must
// act on the session's account, not on the key's owner. Only what Next
// provides around an action is stood in for: the signed-in session and the cache revalidation.
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '@/lib/db';
import type { ConsoleSession } from '@/lib/auth/require-session';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { seedAccount } from '@/lib/server/keys/__tests__/support/seed';

const signedIn = vi.hoisted(() => ({ session: null as ConsoleSession | null }));

vi.mock('@/lib/auth/require-session', () => ({
  requireSession: async () => {
    if (!signedIn.session) throw new Error('no session in this test');
    return signedIn.session;
  },
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

const { deleteApiKeyAction, reenableApiKeyAction, revokeApiKeyAction } = await import('@/lib/actions/api-keys');

function keyForm(keyId: string): FormData {
  const form = new FormData();
  form.set('keyId', keyId);
  return form;
}

async function signInAs(label: string) {
  const account = await seedAccount(label);
  signedIn.session = { userId: account.actor.id, accountId: account.accountId, email: account.actor.label };
  return account;
}

describe('key actions on another account’s key', () => {
  beforeEach(() => {
    signedIn.session = null;
  });

  it.each([
    ['revoke', revokeApiKeyAction, 'active'],
    ['re-enable', reenableApiKeyAction, 'revoked'],
    ['delete', deleteApiKeyAction, 'active'],
  ] as const)(
    'answers not found to %s with another account’s key id, and changes nothing',
    async (_verb, action, startAs) => {
      const owner = await seedAccount('owner');
      const { record } = await createApiKey({ accountId: owner.accountId, actor: owner.actor, name: 'owner key' });
      if (startAs === 'revoked') await revokeApiKey({ ...owner, keyId: record.id });
      const before = await db.apiKey.findUniqueOrThrow({ where: { id: record.id } });
      const eventsBefore = await db.apiKeyEvent.findMany({
        where: { apiKeyId: record.id },
        orderBy: { createdAt: 'asc' },
      });

      await signInAs('intruder');
      const answer = await action({ status: 'idle' }, keyForm(record.id));
      const unknown = await action({ status: 'idle' }, keyForm('no-such-key'));

      expect(answer).toEqual({ status: 'error', message: 'This key does not exist or has been deleted' });
      // Exactly the answer for an id that never existed.
      expect(answer).toEqual(unknown);
      expect(await db.apiKey.findUniqueOrThrow({ where: { id: record.id } })).toEqual(before);
      expect(await db.apiKeyEvent.findMany({ where: { apiKeyId: record.id }, orderBy: { createdAt: 'asc' } })).toEqual(
        eventsBefore,
      );
    },
  );

  it.each([
    ['revoke', revokeApiKeyAction, 'active', 'revoked'],
    ['re-enable', reenableApiKeyAction, 'revoked', 're-enabled'],
    ['delete', deleteApiKeyAction, 'active', 'deleted'],
  ] as const)('lets the owner %s their own key', async (_verb, action, startAs, done) => {
    const owner = await signInAs('owner');
    const { record } = await createApiKey({ accountId: owner.accountId, actor: owner.actor, name: 'own key' });
    if (startAs === 'revoked') await revokeApiKey({ ...owner, keyId: record.id });

    expect(await action({ status: 'idle' }, keyForm(record.id))).toEqual({
      status: 'success',
      message: `Key own key ${done}.`,
    });
  });
});
