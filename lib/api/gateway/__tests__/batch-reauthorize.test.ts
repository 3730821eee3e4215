// A batch whose key is revoked, or whose account is blocked, while it runs: the items that had
// not yet reached the platform are refused and billed nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { GatedProvider } from '../../__tests__/support/gated-provider';
import { newAccountWithKey, startTestApi, type TestAccount, type TestApi } from '../../__tests__/support/harness';

const gate = new GatedProvider();
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ providerFor: () => gate });
});
afterAll(async () => {
  gate.release();
  await api.close();
});

type BatchBody = { results: { status: number; body: { code?: string } }[]; billed_units: number };

// Twelve items to one endpoint (10 at a time): ten are held at the platform, two wait for a slot.
const items = Array.from({ length: 12 }, (_, i) => ({
  path: '/v1/forumsite/community/posts',
  params: { community: `c${i}` },
}));

async function runWhileChanging(account: TestAccount, change: () => Promise<unknown>): Promise<BatchBody> {
  gate.close();
  const pending = api.post('/v1/batch', { requests: items }, account.key);
  await gate.waitForWaiting(10);
  await change();
  gate.release();
  const response = await pending;
  expect(response.status).toBe(200);
  return (await response.json()) as BatchBody;
}

describe('POST /v1/batch checks the caller before each item', () => {
  test('refuses the items after a revoke with 401 revoked_api_key, billing only those served', async () => {
    const account = await newAccountWithKey();
    const body = await runWhileChanging(account, () =>
      revokeApiKey({ accountId: account.accountId, keyId: account.keyId, actor: { id: null, label: 'test' } }),
    );
    const statuses = body.results.map((r) => r.status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(body.results.slice(10).map((r) => [r.status, r.body.code])).toEqual([
      [401, 'revoked_api_key'],
      [401, 'revoked_api_key'],
    ]);
    expect(body.billed_units).toBe(10);
    expect(await db.usageEvent.count({ where: { accountId: account.accountId } })).toBe(10);
  });

  test('refuses the items after the account is blocked with 403 account_blocked', async () => {
    const account = await newAccountWithKey();
    const body = await runWhileChanging(account, () =>
      db.account.update({ where: { id: account.accountId }, data: { blockedAt: new Date() } }),
    );
    expect(body.results.slice(10).map((r) => [r.status, r.body.code])).toEqual([
      [403, 'account_blocked'],
      [403, 'account_blocked'],
    ]);
    expect(body.billed_units).toBe(10);
  });
});
