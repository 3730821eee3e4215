// Rolling a key and key expiry, through the real gateway on PostgreSQL. The old key of a roll ends
// on the next request on every API instance, as a revocation does: instance b's LISTEN connection
// runs through a proxy that holds its notices back, so b has certainly not heard of the roll. A
// later end (a grace period, an expiry) is compared with the clock on each call; the tests move the
// gateway's clock (Date only) to either side of it.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { db } from '@/lib/db';
import { ConsoleError } from '@/lib/server/console-error';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { deleteApiKey } from '@/lib/server/keys/delete-api-key';
import { listApiKeys } from '@/lib/server/keys/list-api-keys';
import { listKeyEvents } from '@/lib/server/keys/list-key-events';
import { rollApiKey } from '@/lib/server/keys/roll-api-key';
import { setApiKeyExpiry } from '@/lib/server/keys/set-api-key-expiry';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';
import { startNotifyHoldProxy, type NotifyHoldProxy } from '../../__tests__/support/notify-hold-proxy';

const actor = { id: null, label: 'test' };
const posts = { community: 'news' };
const expired = { error: 'API key expired', code: 'expired_api_key' };

let proxy: NotifyHoldProxy;
let a: TestApi;
let b: TestApi;

beforeAll(async () => {
  proxy = await startNotifyHoldProxy(process.env.DATABASE_URL!);
  a = await startTestApi({ redisUrl: '' });
  b = await startTestApi({ redisUrl: '', databaseUrl: proxy.url });
});
afterEach(() => {
  vi.useRealTimers();
  proxy.release();
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await proxy?.close();
});

/** Moves the clock the gateway reads (Date only: timers and the database keep real time). */
function clockAt(ms: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

async function statusOn(api: TestApi, key: string) {
  const response = await api.get('/v1/account/verify', { key });
  return { status: response.status, body: response.status === 200 ? null : await response.json() };
}

describe('rolling a key', () => {
  test('a key rolled with no grace period answers expired_api_key on both instances on the next request; the new key works', async () => {
    const account = await newAccountWithKey();
    expect((await a.get('/v1/forumsite/community/posts', { key: account.key, params: posts })).status).toBe(200);
    expect((await b.get('/v1/account/verify', { key: account.key })).status).toBe(200);
    proxy.hold();

    const rolled = await rollApiKey({ accountId: account.accountId, keyId: account.keyId, actor, grace: 'now' });
    for (const api of [b, a]) {
      const response = await api.get('/v1/forumsite/community/posts', { key: account.key, params: posts });
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 401, body: expired });
      expect((await api.get('/v1/forumsite/community/posts', { key: rolled.key, params: posts })).status).toBe(200);
    }
    expect(rolled.record).toMatchObject({ name: 'test key', status: 'active', expiresAt: null });
  });

  test('a key rolled with a 1-hour grace period works on both instances until the hour ends, then answers expired_api_key', async () => {
    const account = await newAccountWithKey();
    for (const api of [a, b]) expect((await api.get('/v1/account/verify', { key: account.key })).status).toBe(200);
    proxy.hold();

    const rolledAt = new Date();
    const rolled = await rollApiKey({
      accountId: account.accountId,
      keyId: account.keyId,
      actor,
      grace: '1h',
      now: rolledAt,
    });
    const end = rolledAt.getTime() + 3_600_000;
    expect(rolled.old.expiresAt?.getTime()).toBe(end);
    for (const api of [b, a]) expect(await statusOn(api, account.key)).toEqual({ status: 200, body: null });

    clockAt(end - 1);
    for (const api of [b, a]) expect(await statusOn(api, account.key)).toEqual({ status: 200, body: null });
    clockAt(end);
    for (const api of [b, a]) {
      expect(await statusOn(api, account.key)).toEqual({ status: 401, body: expired });
      expect(await statusOn(api, rolled.key)).toEqual({ status: 200, body: null });
    }
  });

  test('records the roll in the activity list, and both keys count toward the ten while both work', async () => {
    const account = await newAccountWithKey();
    for (let i = 0; i < 8; i++) await createApiKey({ accountId: account.accountId, actor, name: `spare ${i}` });
    const rolledAt = new Date();
    const rolled = await rollApiKey({
      accountId: account.accountId,
      keyId: account.keyId,
      actor,
      grace: '24h',
      now: rolledAt,
    });

    const events = await listKeyEvents({ accountId: account.accountId, limit: 2 });
    expect(events.map((e) => [e.type, e.apiKey.id]).sort()).toEqual(
      [
        ['created', rolled.record.id],
        ['rolled', account.keyId],
      ].sort(),
    );

    // Ten keys work now (nine plus the new one): no room for another, nor for rolling with grace.
    await expect(createApiKey({ accountId: account.accountId, actor })).rejects.toMatchObject({
      code: 'limit_reached',
    });
    await expect(
      rollApiKey({ accountId: account.accountId, keyId: rolled.record.id, actor, grace: '1h' }),
    ).rejects.toMatchObject({ code: 'limit_reached' });
    // Once the old key's grace period is over, it no longer counts.
    const after = new Date(rolledAt.getTime() + 86_400_000);
    await createApiKey({ accountId: account.accountId, actor, name: 'after the grace period', now: after });
    expect(
      (await listApiKeys({ accountId: account.accountId })).find((k) => k.id === account.keyId)?.expiresAt?.getTime(),
    ).toBe(after.getTime());
  });

  test("answers a roll of another account's key as if the key did not exist, and refuses to roll a revoked key", async () => {
    const owner = await newAccountWithKey();
    const other = await newAccountWithKey();
    const attempt = rollApiKey({ accountId: other.accountId, keyId: owner.keyId, actor, grace: 'now' });
    await expect(attempt).rejects.toBeInstanceOf(ConsoleError);
    await expect(attempt).rejects.toMatchObject({ code: 'not_found' });
    expect(await statusOn(a, owner.key)).toEqual({ status: 200, body: null });
    await db.apiKey.update({ where: { id: owner.keyId }, data: { status: 'revoked' } });
    await expect(
      rollApiKey({ accountId: owner.accountId, keyId: owner.keyId, actor, grace: 'now' }),
    ).rejects.toMatchObject({ code: 'invalid_transition' });
  });
});

describe('key expiry', () => {
  test('a key works until the instant it expires and answers expired_api_key from that instant, on both instances', async () => {
    const account = await newAccountWithKey();
    const expiresAt = new Date(Date.UTC(2031, 0, 15));
    const { key } = await createApiKey({ accountId: account.accountId, actor, name: 'expiring', expiresAt });
    for (const api of [a, b]) expect(await statusOn(api, key)).toEqual({ status: 200, body: null });
    clockAt(expiresAt.getTime() - 1);
    for (const api of [a, b]) expect(await statusOn(api, key)).toEqual({ status: 200, body: null });
    clockAt(expiresAt.getTime());
    for (const api of [a, b]) {
      expect(await statusOn(api, key)).toEqual({ status: 401, body: expired });
      const response = await api.get('/v1/forumsite/community/posts', { key, params: posts });
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 401, body: expired });
    }
  });

  test("an expiry set in the key's menu holds on the next request on an instance not yet notified", async () => {
    const account = await newAccountWithKey();
    expect(await statusOn(b, account.key)).toEqual({ status: 200, body: null });
    proxy.hold();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 60_000);
    await setApiKeyExpiry({ accountId: account.accountId, keyId: account.keyId, actor, expiresAt, now });
    clockAt(expiresAt.getTime());
    expect(await statusOn(b, account.key)).toEqual({ status: 401, body: expired });
  });

  test('an expired key is listed with its expiry, cannot be extended, and can be deleted', async () => {
    const account = await newAccountWithKey();
    const created = new Date();
    const expiresAt = new Date(created.getTime() + 1_000);
    await setApiKeyExpiry({ accountId: account.accountId, keyId: account.keyId, actor, expiresAt, now: created });
    const later = new Date(expiresAt.getTime() + 1);
    const listed = (await listApiKeys({ accountId: account.accountId })).find((k) => k.id === account.keyId);
    expect(listed?.expiresAt?.getTime()).toBe(expiresAt.getTime());
    await expect(
      setApiKeyExpiry({ accountId: account.accountId, keyId: account.keyId, actor, expiresAt: null, now: later }),
    ).rejects.toMatchObject({ code: 'invalid_transition' });
    await expect(
      createApiKey({ accountId: account.accountId, actor, expiresAt: created, now: later }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    await deleteApiKey({ accountId: account.accountId, keyId: account.keyId, actor });
    expect(await listApiKeys({ accountId: account.accountId })).toEqual([]);
    const other = await newAccountWithKey();
    await expect(
      setApiKeyExpiry({ accountId: other.accountId, keyId: other.keyId, actor, expiresAt: null }),
    ).resolves.toMatchObject({ expiresAt: null });
    await expect(
      setApiKeyExpiry({ accountId: other.accountId, keyId: account.keyId, actor, expiresAt: null }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
