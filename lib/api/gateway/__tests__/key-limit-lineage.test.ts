// A key's monthly limit belongs to its roll lineage:
// the spend and holds of every key rolled from the same original count against it this month, and
// only theirs; a roll keeps the restriction and never pushes an earlier end out. Through the real
// gateway on PostgreSQL. forumsite posts cost $0.003 a page past the 50 free.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { rollApiKey } from '@/lib/server/keys/roll-api-key';
import { setApiKeyLimit } from '@/lib/server/keys/set-api-key-limit';
import { billedAndCounted, billing } from '../../__tests__/support/cases';
import { newAccountWithKey, startTestApi, type TestAccount, type TestApi } from '../../__tests__/support/harness';

const actor = { id: null, label: 'test' };
const POSTS = '/v1/forumsite/community/posts';
const LIMIT = 100_000n; // $0.10

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ redisUrl: '' });
});
afterAll(async () => {
  await api?.close();
});

const call = async (key: string, pages: number) => {
  const response = await api.get(POSTS, { key, params: { community: 'gardening', pages } });
  const code = response.status === 200 ? null : ((await response.json()) as { code: string }).code;
  return { status: response.status, code, amount: billing(response).amount };
};

/** An account whose key, limited to $0.10 a month, has spent $0.09 of it (50 pages free, 30 billed). */
async function keyNearItsLimit(): Promise<TestAccount> {
  const account = await newAccountWithKey();
  await setApiKeyLimit({ accountId: account.accountId, keyId: account.keyId, actor, monthlyLimitMicros: LIMIT });
  for (const pages of [40, 10, 30]) expect((await call(account.key, pages)).status).toBe(200);
  expect((await billedAndCounted(account.accountId)).amountMicros).toBe(90_000);
  return account;
}

const refused = { status: 429, code: 'key_limit_exceeded', amount: 0 };

describe("a key's monthly limit across rolls", () => {
  test('a key rolled now starts where its original left off: its new secret cannot spend past the limit', async () => {
    const account = await keyNearItsLimit();
    const rolled = await rollApiKey({ accountId: account.accountId, keyId: account.keyId, actor, grace: 'now' });
    expect(await call(rolled.key, 4)).toEqual(refused); // $0.012 would make $0.102
    expect(await call(rolled.key, 3)).toEqual({ status: 200, code: null, amount: 9_000 });
    const again = await rollApiKey({ accountId: account.accountId, keyId: rolled.record.id, actor, grace: 'now' });
    expect(await call(again.key, 1)).toEqual(refused);
    expect((await billedAndCounted(account.accountId)).amountMicros).toBe(99_000);
  });

  test('during a grace period the old and the new key share the limit, and a second roll keeps counting both', async () => {
    const account = await keyNearItsLimit();
    const rolled = await rollApiKey({ accountId: account.accountId, keyId: account.keyId, actor, grace: '1h' });
    expect(await call(rolled.key, 3)).toEqual({ status: 200, code: null, amount: 9_000 });
    expect(await call(account.key, 1)).toEqual(refused); // the old key still works, within the lineage's limit
    const again = await rollApiKey({ accountId: account.accountId, keyId: rolled.record.id, actor, grace: '1h' });
    expect(await call(again.key, 1)).toEqual(refused);
    expect(await call(rolled.key, 1)).toEqual(refused);
    expect((await billedAndCounted(account.accountId)).amountMicros).toBe(99_000);
  });

  test("the limit counts its own lineage's spend, not another key's of the account", async () => {
    const account = await newAccountWithKey();
    const other = await createApiKey({ accountId: account.accountId, actor, name: 'unlimited' });
    for (const pages of [40, 10, 30]) expect((await call(other.key, pages)).status).toBe(200); // $0.09 on the other key
    await setApiKeyLimit({ accountId: account.accountId, keyId: account.keyId, actor, monthlyLimitMicros: LIMIT });
    expect(await call(account.key, 30)).toEqual({ status: 200, code: null, amount: 90_000 });
    expect(await call(account.key, 4)).toEqual(refused);
  });
});

describe('what a roll keeps', () => {
  test("the rolled key keeps the old key's restriction, and the gateway holds it to it", async () => {
    const account = await newAccountWithKey();
    const restricted = await createApiKey({ accountId: account.accountId, actor, name: 'shop', scopes: ['shop'] });
    const rolled = await rollApiKey({ accountId: account.accountId, keyId: restricted.record.id, actor, grace: 'now' });
    expect(rolled.record.scopes).toEqual(['shop']);
    expect(await call(rolled.key, 1)).toMatchObject({ status: 403, code: 'key_not_permitted' });
    expect((await api.get('/v1/shop/products', { key: rolled.key, params: { query: 'lamp' } })).status).toBe(200);
  });

  test('a roll does not push an earlier expiry out to now plus the grace period', async () => {
    const account = await newAccountWithKey();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 10 * 60_000);
    const expiring = await createApiKey({ accountId: account.accountId, actor, name: 'expiring', expiresAt, now });
    const rolled = await rollApiKey({
      accountId: account.accountId,
      keyId: expiring.record.id,
      actor,
      grace: '24h',
      now,
    });
    expect(rolled.old.expiresAt?.getTime()).toBe(expiresAt.getTime());
    expect(rolled.record.expiresAt?.getTime()).toBe(expiresAt.getTime());
  });
});
