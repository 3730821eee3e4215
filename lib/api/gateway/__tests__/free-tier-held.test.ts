// Without a payment method, calls in flight hold the free units they asked for. A call refused
// because those holds, not use, took the units left is answered 429 with Retry-After, not 402
// "used up" (X-Free-Tier-Remaining still shows units left): 402 only once the tier is really used.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env } from '@/lib/env';
import { billing } from '../../__tests__/support/cases';
import { GatedProvider } from '../../__tests__/support/gated-provider';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

const POSTS = '/v1/forumsite/community/posts';
const page = (pages: number) => ({ community: 'gardening', pages });

let api: TestApi;
let gate: GatedProvider;
beforeAll(async () => {
  gate = new GatedProvider();
  api = await startTestApi({ providerFor: () => gate });
});
afterAll(async () => {
  await api?.close();
});

describe('free units held by calls in flight', () => {
  test('answers 429 with Retry-After, not 402, while holds and not use exhaust the free tier', async () => {
    const account = await newAccountWithKey({ payment: 'none' });
    gate.release();
    const used = await api.get(POSTS, { key: account.key, params: page(27) });
    expect(billing(used)).toEqual({ units: 27, free: 27, amount: 0, remaining: 23 });

    gate.close();
    const held = api.get(POSTS, { key: account.key, params: page(23) });
    await gate.waitForWaiting(1);
    const refused = await api.get(POSTS, { key: account.key, params: page(10) });
    expect({
      status: refused.status,
      retryAfter: refused.headers.get('retry-after'),
      body: await refused.json(),
    }).toEqual({
      status: 429,
      retryAfter: '1',
      body: {
        error: `The 23 free units of ${POSTS} left this month are held by this account's calls in flight; retry when they finish.`,
        code: 'concurrency_limit_exceeded',
      },
    });
    expect(billing(refused).units).toBe(0);

    gate.release();
    expect(billing(await held)).toEqual({ units: 23, free: 23, amount: 0, remaining: 0 });
    // Now the tier is used up: the 402, naming the billing page.
    const usedUp = await api.get(POSTS, { key: account.key, params: page(10) });
    expect(usedUp.status).toBe(402);
    expect(((await usedUp.json()) as { error: string }).error).toContain(
      `${env.CONSOLE_PUBLIC_URL ?? `http://localhost:${env.PORT}`}/billing`,
    );
  });
});
