// Two API instances sharing a database: a revocation, deletion or block made on one is honoured
// by both on the very next request, even when the other has not yet heard the change's NOTIFY
// (instance b's LISTEN connection runs through a proxy that holds it back, so "not yet heard" is
// certain, not a matter of timing). That part needs only PostgreSQL. The 10-per-endpoint limit
// across instances needs Redis (TEST_REDIS_URL or REDIS_URL; .ci/run provides the machine's):
// skipped locally without one, and a failure under CI (lib/testing/require-service.ts).
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { deleteApiKey } from '@/lib/server/keys/delete-api-key';
import { reenableApiKey } from '@/lib/server/keys/reenable-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { requireRedis } from '@/lib/testing/require-service';
import { GatedProvider } from '../../__tests__/support/gated-provider';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';
import { startNotifyHoldProxy, type NotifyHoldProxy } from '../../__tests__/support/notify-hold-proxy';

const redisUrl = await requireRedis(import.meta.filename);
const posts = { community: 'news' };
const actor = { id: null, label: 'test' };

describe('two API instances on PostgreSQL alone, one not yet notified of a change', () => {
  let proxy: NotifyHoldProxy;
  let a: TestApi;
  let b: TestApi;

  beforeAll(async () => {
    proxy = await startNotifyHoldProxy(process.env.DATABASE_URL!);
    a = await startTestApi({ redisUrl: '' });
    b = await startTestApi({ redisUrl: '', databaseUrl: proxy.url });
  });
  afterEach(() => proxy.release());
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await proxy?.close();
  });

  test('a key revoked through the console fails on both instances on the next request', async () => {
    const { key, keyId, accountId } = await newAccountWithKey();
    // Warm both instances' caches, then keep b from hearing of what follows.
    expect((await a.get('/v1/account/verify', { key })).status).toBe(200);
    expect((await b.get('/v1/account/verify', { key })).status).toBe(200);
    proxy.hold();

    await revokeApiKey({ accountId, keyId, actor });
    for (const api of [b, a]) {
      const response = await api.get('/v1/forumsite/community/posts', { key, params: posts });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'API key revoked', code: 'revoked_api_key' });
    }

    await reenableApiKey({ accountId, keyId, actor });
    expect((await b.get('/v1/account/verify', { key })).status).toBe(200);

    await deleteApiKey({ accountId, keyId, actor });
    for (const api of [b, a]) {
      const response = await api.get('/v1/account/verify', { key });
      expect(await response.json()).toEqual({ error: 'Invalid API key', code: 'invalid_api_key' });
    }
  });

  test('a blocked account is refused on both instances until it is unblocked', async () => {
    const { key, accountId } = await newAccountWithKey();
    expect((await a.get('/v1/forumsite/community/posts', { key, params: posts })).status).toBe(200);
    expect((await b.get('/v1/forumsite/community/posts', { key, params: posts })).status).toBe(200);
    proxy.hold();

    await db.account.update({ where: { id: accountId }, data: { blockedAt: new Date() } });
    for (const api of [b, a]) {
      const response = await api.get('/v1/forumsite/community/posts', { key, params: posts });
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe('account_blocked');
    }

    await db.account.update({ where: { id: accountId }, data: { blockedAt: null } });
    expect((await b.get('/v1/forumsite/community/posts', { key, params: posts })).status).toBe(200);
  });

  test('serves from its cache again once the held notifications arrive', async () => {
    const { key, keyId, accountId } = await newAccountWithKey();
    expect((await b.get('/v1/account/verify', { key })).status).toBe(200);
    proxy.hold();
    await revokeApiKey({ accountId, keyId, actor });
    expect((await b.get('/v1/account/verify', { key })).status).toBe(401);
    proxy.release();
    await reenableApiKey({ accountId, keyId, actor });
    expect((await b.get('/v1/account/verify', { key })).status).toBe(200);
  });
});

describe.skipIf(!redisUrl)('two API instances sharing Redis', () => {
  const gate = new GatedProvider();
  let a: TestApi;
  let b: TestApi;

  beforeAll(async () => {
    a = await startTestApi({ redisUrl, providerFor: () => gate });
    b = await startTestApi({ redisUrl, providerFor: () => gate });
  });
  afterAll(async () => {
    gate.release();
    await Promise.all([a?.close(), b?.close()]);
  });

  test('holds 10 simultaneous requests per endpoint across both instances', async () => {
    gate.close();
    const { key } = await newAccountWithKey();
    const calls = [a, b].flatMap((api) =>
      Array.from({ length: 6 }, () => api.get('/v1/forumsite/community/posts', { key, params: posts })),
    );
    // Ten reach the upstream and wait there; the other two are answered without it.
    const answered: number[] = [];
    const refusedTwo = new Promise<void>((resolve) => {
      for (const call of calls) {
        void call.then((r) => {
          answered.push(r.status);
          if (answered.length === 2) resolve();
        });
      }
    });
    await Promise.all([gate.waitForWaiting(10), refusedTwo]);
    expect(answered).toEqual([429, 429]);
    expect(gate.waiting).toBe(10);
    gate.release();
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });
});
