// GET /v1/account/verify counts as a use of the key: it sets lastUsedAt (at most once a second
// per key and process), though it is free and records no usage. Billed calls set it too, through
// the usage writer, also at most once a second per key and process.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { usageEvents } from '../../__tests__/support/cases';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const lastUsedAt = async (keyId: string) => (await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt;

describe('GET /v1/account/verify and last-used times', () => {
  test("sets the key's lastUsedAt to the time of the check, recording no usage", async () => {
    const account = await newAccountWithKey();
    expect(await lastUsedAt(account.keyId)).toBeNull();
    const before = Date.now();
    const response = await api.get('/v1/account/verify', { key: account.key });
    expect(response.status).toBe(200);
    const used = await lastUsedAt(account.keyId);
    expect(used).not.toBeNull();
    expect(used!.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(used!.getTime()).toBeLessThanOrEqual(Date.now() + 5);
    expect(await usageEvents(account.accountId)).toEqual([]);
  });

  test('sets the time of the check in a process whose local zone is not UTC, not shifted by its offset', async () => {
    const account = await newAccountWithKey();
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    const before = Date.now();
    try {
      expect((await api.get('/v1/account/verify', { key: account.key })).status).toBe(200);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    const used = await lastUsedAt(account.keyId);
    expect(used!.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(used!.getTime()).toBeLessThanOrEqual(Date.now() + 5);
  });

  test('writes at most once a second per key, and again after that', async () => {
    const account = await newAccountWithKey();
    expect((await api.get('/v1/account/verify', { key: account.key })).status).toBe(200);
    const first = await lastUsedAt(account.keyId);
    expect(first).not.toBeNull();

    // Cleared behind the gateway's back: a check within the second must leave it cleared.
    await db.apiKey.update({ where: { id: account.keyId }, data: { lastUsedAt: null } });
    expect((await api.get('/v1/account/verify', { key: account.key })).status).toBe(200);
    expect(await lastUsedAt(account.keyId)).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await api.get('/v1/account/verify', { key: account.key })).status).toBe(200);
    const later = await lastUsedAt(account.keyId);
    expect(later!.getTime()).toBeGreaterThan(first!.getTime() + 1_000);
  });

  test('never moves lastUsedAt backwards', async () => {
    const account = await newAccountWithKey();
    const future = new Date(Date.now() + 60 * 60_000);
    await db.apiKey.update({ where: { id: account.keyId }, data: { lastUsedAt: future } });
    expect((await api.get('/v1/account/verify', { key: account.key })).status).toBe(200);
    expect(await lastUsedAt(account.keyId)).toEqual(future);
  });

  test('a revoked key is refused and not marked as used', async () => {
    const account = await newAccountWithKey();
    await revokeApiKey({ accountId: account.accountId, keyId: account.keyId, actor: { id: null, label: 'test' } });
    const response = await api.get('/v1/account/verify', { key: account.key });
    expect(response.status).toBe(401);
    expect(await lastUsedAt(account.keyId)).toBeNull();
  });

  test('billed calls write it at most once a second per key too, and every call is still billed', async () => {
    const account = await newAccountWithKey({ payment: 'invoice' });
    const call = () => api.get('/v1/forumsite/community', { key: account.key, params: { community: 'touch' } });
    expect((await call()).status).toBe(200);
    expect(await lastUsedAt(account.keyId)).not.toBeNull();

    await db.apiKey.update({ where: { id: account.keyId }, data: { lastUsedAt: null } });
    expect((await call()).status).toBe(200);
    expect(await lastUsedAt(account.keyId)).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 1_050));
    const before = Date.now();
    expect((await call()).status).toBe(200);
    expect((await lastUsedAt(account.keyId))!.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(await usageEvents(account.accountId)).toHaveLength(3);
  });
});
