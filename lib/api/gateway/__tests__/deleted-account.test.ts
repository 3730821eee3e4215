// The gateway refuses every key of a deleted account, answering exactly as for a key that does not
// exist, also when the key is still marked active (what a key created while its account was being
// deleted used to be) and when the gateway had it cached.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { deleteAccount } from '@/lib/server/account/delete-account';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

const invalidKey = { error: 'Invalid API key', code: 'invalid_api_key' };
const posts = { community: 'news' };

describe('keys of a deleted account', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ redisUrl: '' });
  });
  afterAll(() => api?.close());

  test('an active key of a deleted account answers 401 like an unknown key, even from a warm cache', async () => {
    const { key, keyId, accountId } = await newAccountWithKey();
    expect((await api.get('/v1/account/verify', { key })).status).toBe(200);
    expect((await api.get('/v1/forumsite/community/posts', { key, params: posts })).status).toBe(200);

    // The state the race left: the account deleted, one of its keys made after the deletion's sweep.
    await db.account.update({ where: { id: accountId }, data: { deletedAt: new Date() } });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).status).toBe('active');

    for (const call of [
      api.get('/v1/account/verify', { key }),
      api.get('/v1/forumsite/community/posts', { key, params: posts }),
    ]) {
      const response = await call;
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(invalidKey);
    }
    const unknown = await api.get('/v1/account/verify', { key: `${key.slice(0, -4)}zzzz` });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(invalidKey);
  });

  test('a key of an account deleted by its owner answers 401 invalid_api_key', async () => {
    const { key, accountId } = await newAccountWithKey();
    expect((await api.get('/v1/account/verify', { key })).status).toBe(200);
    expect(await deleteAccount({ accountId })).toEqual({ ok: true });
    const response = await api.get('/v1/account/verify', { key });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(invalidKey);
  });
});
