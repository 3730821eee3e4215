import { describe, expect, it } from 'vitest';

import { ConsoleError } from '@/lib/server/console-error';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { deleteApiKey } from '@/lib/server/keys/delete-api-key';
import { listApiKeys } from '@/lib/server/keys/list-api-keys';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';

import { seedAccount } from './support/seed';

async function refusal(promise: Promise<unknown>): Promise<ConsoleError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConsoleError);
  return error as ConsoleError;
}

describe('key names are unique per account among live keys', () => {
  it('refuses a second live key with the same name, whatever its case, and creates nothing', async () => {
    const { accountId, actor } = await seedAccount();
    await createApiKey({ accountId, actor, name: 'production' });
    for (const name of ['production', 'Production']) {
      const error = await refusal(createApiKey({ accountId, actor, name }));
      expect(error.code).toBe('name_taken');
      expect(error.message).toBe(`You already have a key named “${name}”. Choose another name.`);
    }
    expect(await listApiKeys({ accountId })).toHaveLength(1);
  });

  it('counts a revoked key as live, a deleted one not', async () => {
    const { accountId, actor } = await seedAccount();
    const { record } = await createApiKey({ accountId, actor, name: 'ci' });
    await revokeApiKey({ accountId, actor, keyId: record.id });
    expect((await refusal(createApiKey({ accountId, actor, name: 'ci' }))).code).toBe('name_taken');

    await deleteApiKey({ accountId, actor, keyId: record.id });
    const again = await createApiKey({ accountId, actor, name: 'ci' });
    expect(again.record.name).toBe('ci');
  });

  it('allows the same name in another account, and any number of unnamed keys', async () => {
    const first = await seedAccount('first');
    const second = await seedAccount('second');
    await createApiKey({ ...first, name: 'shared name' });
    await expect(createApiKey({ ...second, name: 'shared name' })).resolves.toMatchObject({
      record: { name: 'shared name' },
    });
    await createApiKey({ ...first });
    await createApiKey({ ...first });
    expect(await listApiKeys({ accountId: first.accountId })).toHaveLength(3);
  });
});
