// Restricted keys and per-key monthly spend limits, through the real gateway on PostgreSQL. A
// restricted key's call outside what it allows is refused with 403 key_not_permitted and billed
// nothing, alone or as a batch item. A key's own limit is held like the account's caps
// (reserve_call): 20 calls in flight together on two instances never take the key's spend past its
// limit.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { db } from '@/lib/db';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { setApiKeyLimit } from '@/lib/server/keys/set-api-key-limit';
import { billedAndCounted, billing, usageEvents } from '../../__tests__/support/cases';
import { GatedProvider } from '../../__tests__/support/gated-provider';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

const actor = { id: null, label: 'test' };
const POSTS = '/v1/forumsite/community/posts';
const page = (pages: number) => ({ community: 'gardening', pages });

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ redisUrl: '' });
});
afterAll(async () => {
  await api.close();
});

describe('restricted keys', () => {
  async function restrictedKey(scopes: string[]) {
    const account = await newAccountWithKey();
    const { key, record } = await createApiKey({ accountId: account.accountId, actor, name: 'shop only', scopes });
    return { ...account, key, keyId: record.id };
  }

  test('a key restricted to a family and an endpoint answers 403 key_not_permitted elsewhere, naming what it allows, billed nothing', async () => {
    const account = await restrictedKey(['/v1/forumsite/community', 'shop']);
    const refused = await api.get(POSTS, { key: account.key, params: page(1) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'key_not_permitted',
      error: `This API key may not call ${POSTS}: it is restricted to the shop family and /v1/forumsite/community. Use another key, or create one that allows this endpoint in the console.`,
    });
    expect(await usageEvents(account.accountId)).toEqual([]);
    expect(
      (await api.get('/v1/forumsite/community', { key: account.key, params: { community: 'gardening' } })).status,
    ).toBe(200);
    expect((await api.get('/v1/shop/products', { key: account.key, params: { query: 'lamp' } })).status).toBe(200);
    expect((await api.get('/v1/account/verify', { key: account.key })).status).toBe(200);
    expect((await billedAndCounted(account.accountId)).requests).toBe(2);
  });

  test("a restricted key's batch answers 403 key_not_permitted for the items outside it and serves the others", async () => {
    const account = await restrictedKey(['shop']);
    const response = await api.post(
      '/v1/batch',
      {
        requests: [
          { path: '/v1/shop/products', params: { query: 'lamp' } },
          { path: POSTS, params: page(2) },
        ],
      },
      account.key,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      billed_units: number;
      results: { status: number; billed_units: number; body: { code?: string; error?: string } }[];
    };
    expect(body.results.map((r) => r.status)).toEqual([200, 403]);
    expect(body.results[1]).toMatchObject({ billed_units: 0, body: { code: 'key_not_permitted' } });
    expect(body.results[1]!.body.error).toContain('restricted to the shop family');
    expect(await billedAndCounted(account.accountId)).toMatchObject({ requests: 1, billedUnits: body.billed_units });
  });

  test('refuses an unknown family or endpoint when the key is created', async () => {
    const account = await newAccountWithKey();
    await expect(
      createApiKey({ accountId: account.accountId, actor, scopes: ['shop', '/v1/shop/nothing'] }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'Unknown family or endpoint: /v1/shop/nothing',
    });
  });
});

describe('per-key monthly spend limits', () => {
  const LIMIT = 500_000; // $0.50 a month for the key

  test('20 concurrent calls on two instances, in flight together, never take a key past its limit; the 429 waits until next month', async () => {
    const gates = [new GatedProvider(), new GatedProvider()];
    const instances = await Promise.all(gates.map((gate) => startTestApi({ redisUrl: '', providerFor: () => gate })));
    try {
      const account = await newAccountWithKey();
      await setApiKeyLimit({
        accountId: account.accountId,
        keyId: account.keyId,
        actor,
        monthlyLimitMicros: BigInt(LIMIT),
      });
      let answered = 0;
      const calls = Array.from({ length: 20 }, (_, i) => {
        const started = Date.now();
        return instances[i % 2]!.get(POSTS, { key: account.key, params: page(40) }).then(async (r) => {
          answered++;
          return {
            status: r.status,
            started,
            retryAfter: r.headers.get('retry-after'),
            code: r.status === 200 ? null : ((await r.json()) as { code: string }).code,
            amount: billing(r).amount,
          };
        });
      });
      await vi.waitFor(() => expect(answered + gates[0]!.waiting + gates[1]!.waiting).toBe(20), {
        timeout: 20_000,
        interval: 20,
      });
      const held = gates[0]!.waiting + gates[1]!.waiting;
      gates.forEach((gate) => gate.release());
      const results = await Promise.all(calls);
      const { amountMicros } = await billedAndCounted(account.accountId);
      expect(amountMicros).toBe(results.reduce((sum, r) => sum + r.amount, 0));
      expect(amountMicros).toBeLessThanOrEqual(LIMIT);
      // 40 free pages, 10 free and 30 billed ($0.09), then three of $0.12: $0.45; the rest refused.
      expect({ held, served: results.filter((r) => r.status === 200).length, amountMicros }).toEqual({
        held: 5,
        served: 5,
        amountMicros: 450_000,
      });
      const refused = results.filter((r) => r.status !== 200);
      expect(new Set(refused.map((r) => `${r.status} ${r.code}`))).toEqual(new Set(['429 key_limit_exceeded']));
      for (const r of refused) {
        const now = new Date(r.started);
        const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
        expect(Math.abs(Number(r.retryAfter) - (nextMonth - r.started) / 1000)).toBeLessThan(30);
      }
      expect(await db.$queryRaw`SELECT id FROM "CallHold" WHERE "accountId" = ${account.accountId}`).toEqual([]);
    } finally {
      gates.forEach((gate) => gate.release());
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  test("a key's limit leaves the account's other keys alone, and lifts at once when raised", async () => {
    const account = await newAccountWithKey();
    const other = await createApiKey({ accountId: account.accountId, actor, name: 'unlimited' });
    await setApiKeyLimit({ accountId: account.accountId, keyId: account.keyId, actor, monthlyLimitMicros: 50_000n }); // $0.05
    expect((await api.get(POSTS, { key: account.key, params: page(40) })).status).toBe(200); // free
    expect((await api.get(POSTS, { key: account.key, params: page(10) })).status).toBe(200); // free
    const refused = await api.get(POSTS, { key: account.key, params: page(20) }); // could cost $0.06
    expect({ status: refused.status, body: await refused.json() }).toEqual({
      status: 429,
      body: {
        code: 'key_limit_exceeded',
        error:
          "This call could take this API key's spend this month past its monthly limit of $0.05. Raise the key's limit in the console, use another key, or retry next month (UTC).",
      },
    });
    expect(refused.headers.get('x-billed-units')).toBe('0');
    expect((await api.get(POSTS, { key: other.key, params: page(20) })).status).toBe(200);
    await setApiKeyLimit({ accountId: account.accountId, keyId: account.keyId, actor, monthlyLimitMicros: 1_000_000n });
    expect((await api.get(POSTS, { key: account.key, params: page(20) })).status).toBe(200);
  });

  test("answers a limit set on another account's key as if the key did not exist, and changes nothing", async () => {
    const owner = await newAccountWithKey();
    const other = await newAccountWithKey();
    await expect(
      setApiKeyLimit({ accountId: other.accountId, keyId: owner.keyId, actor, monthlyLimitMicros: 1n }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: owner.keyId } })).monthlyLimitMicros).toBeNull();
    expect(await db.apiKeyEvent.count({ where: { apiKeyId: owner.keyId, type: 'limit_changed' } })).toBe(0);
  });
});
