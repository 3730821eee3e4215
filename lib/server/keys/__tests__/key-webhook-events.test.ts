// Every key change sends its webhook event, in the change's own transaction.
import { expect, it } from 'vitest';

import { db } from '@/lib/db';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { deleteApiKey } from '@/lib/server/keys/delete-api-key';
import { reenableApiKey } from '@/lib/server/keys/reenable-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { rollApiKey } from '@/lib/server/keys/roll-api-key';

import { seedAccount } from './support/seed';

async function eventsOf(accountId: string) {
  const rows = await db.webhookEvent.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' } });
  return rows.map((e) => ({
    type: e.type,
    data: e.data as { key: { id: string; status: string }; new_key?: { id: string } },
  }));
}

it('sends key.created, key.rolled, key.revoked, key.re_enabled and key.deleted, each naming its key', async () => {
  const owner = await seedAccount('key-events');
  const { record } = await createApiKey({ ...owner, name: 'production' });
  const rolled = await rollApiKey({ ...owner, keyId: record.id, grace: 'now' });
  await revokeApiKey({ ...owner, keyId: rolled.record.id });
  await reenableApiKey({ ...owner, keyId: rolled.record.id });
  await deleteApiKey({ ...owner, keyId: rolled.record.id });

  const events = await eventsOf(owner.accountId);
  expect(events.map((e) => [e.type, e.data.key.id, e.data.key.status])).toEqual([
    ['key.created', record.id, 'active'],
    ['key.rolled', record.id, 'active'],
    ['key.revoked', rolled.record.id, 'revoked'],
    ['key.re_enabled', rolled.record.id, 'active'],
    ['key.deleted', rolled.record.id, 'deleted'],
  ]);
  expect(events[1]!.data.new_key?.id).toBe(rolled.record.id);
  expect(JSON.stringify(events)).not.toContain(rolled.key);
});

it('sends nothing for a change that is refused', async () => {
  const owner = await seedAccount('key-events-refused');
  const { record } = await createApiKey({ ...owner });
  await revokeApiKey({ ...owner, keyId: record.id });
  await expect(revokeApiKey({ ...owner, keyId: record.id })).rejects.toMatchObject({ code: 'invalid_transition' });
  expect((await eventsOf(owner.accountId)).map((e) => e.type)).toEqual(['key.created', 'key.revoked']);
});
