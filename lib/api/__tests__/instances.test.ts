// Two API instances sharing PostgreSQL and Redis: the 10-per-endpoint limit holds across them,
// and a revocation, deletion or block made on one is honoured by both on the very next request.
// Needs Redis (REDIS_URL); .ci/run provides the machine's. Skipped, saying so, without one.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { deleteApiKey } from '@/lib/server/keys/delete-api-key';
import { reenableApiKey } from '@/lib/server/keys/reenable-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { GatedProvider } from './gated-provider';
import { newAccountWithKey, startTestApi, type TestApi } from './harness';

const redisUrl = process.env.REDIS_URL;
const redisReachable = redisUrl
  ? await new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
      .connect()
      .then(() => true, () => false)
  : false;
if (!redisReachable) console.warn('instances.test.ts skipped: set REDIS_URL to a reachable Redis to run it');

describe.skipIf(!redisReachable)('two API instances', () => {
  const gate = new GatedProvider();
  let a: TestApi;
  let b: TestApi;
  const actor = { id: null, label: 'test' };
  const posts = { community: 'news' };

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
    const fromA = Array.from({ length: 6 }, () => a.get('/v1/forumsite/community/posts', { key, params: posts }));
    const fromB = Array.from({ length: 6 }, () => b.get('/v1/forumsite/community/posts', { key, params: posts }));
    // Ten reach the upstream; two are refused at once.
    await gate.waitForWaiting(10);
    await new Promise((r) => setTimeout(r, 100));
    gate.release();
    const statuses = (await Promise.all([...fromA, ...fromB])).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });

  test('a key revoked through the console fails on both instances on the next request', async () => {
    gate.release();
    const { key, keyId, accountId } = await newAccountWithKey();
    // Warm both instances' caches.
    expect((await a.get('/v1/account/verify', { key })).status).toBe(200);
    expect((await b.get('/v1/account/verify', { key })).status).toBe(200);

    await revokeApiKey({ accountId, keyId, actor });
    for (const api of [b, a]) {
      const response = await api.get('/v1/forumsite/community/posts', { key, params: posts });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'API key revoked', code: 'revoked_api_key' });
    }

    await reenableApiKey({ accountId, keyId, actor });
    expect((await b.get('/v1/account/verify', { key })).status).toBe(200);

    await deleteApiKey({ accountId, keyId, actor });
    for (const api of [a, b]) {
      const response = await api.get('/v1/account/verify', { key });
      expect(await response.json()).toEqual({ error: 'Invalid API key', code: 'invalid_api_key' });
    }
  });

  test('a blocked account is refused on both instances until it is unblocked', async () => {
    gate.release();
    const { key, accountId } = await newAccountWithKey();
    expect((await a.get('/v1/forumsite/community/posts', { key, params: posts })).status).toBe(200);
    expect((await b.get('/v1/forumsite/community/posts', { key, params: posts })).status).toBe(200);

    await db.account.update({ where: { id: accountId }, data: { blockedAt: new Date() } });
    for (const api of [a, b]) {
      const response = await api.get('/v1/forumsite/community/posts', { key, params: posts });
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe('account_blocked');
    }

    await db.account.update({ where: { id: accountId }, data: { blockedAt: null } });
    expect((await b.get('/v1/forumsite/community/posts', { key, params: posts })).status).toBe(200);
  });
});
