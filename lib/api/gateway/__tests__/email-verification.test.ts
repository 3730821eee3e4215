// The free tier of an account whose owner has not verified their email: a payment method does
// not take it further until the email is verified. Through the real gateway.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const POSTS = '/v1/forumsite/community/posts';
const console_ = env.CONSOLE_PUBLIC_URL ?? `http://localhost:${env.PORT}`;

describe('an account with an unverified email', () => {
  test('gets only the free tier even with a card, then a 402 that names the unverified email; verified, it is billed', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    await db.account.update({ where: { id: account.accountId }, data: { emailUnverified: true } });

    const capped = await api.get(POSTS, { key: account.key, params: { community: 'gardening', pages: 40 } });
    expect(capped.status).toBe(200);
    const more = await api.get(POSTS, { key: account.key, params: { community: 'gardening', pages: 20 } });
    expect({
      status: more.status,
      free: more.headers.get('x-free-units'),
      truncated: more.headers.get('x-free-tier-truncated'),
    }).toEqual({ status: 200, free: '10', truncated: 'true' });

    const refused = await api.get(POSTS, { key: account.key, params: { community: 'gardening' } });
    const body = (await refused.json()) as { error: string; code: string };
    expect(refused.status).toBe(402);
    expect(body.code).toBe('payment_required');
    expect(body.error).toContain("The account's email address is not verified");
    expect(body.error).toContain(`${console_}/settings`);

    // Verifying (what verifyEmail does to the account) lifts it at once: the call is billed.
    await db.account.update({ where: { id: account.accountId }, data: { emailUnverified: false } });
    await expect
      .poll(async () => (await api.get(POSTS, { key: account.key, params: { community: 'gardening' } })).status)
      .toBe(200);
    const billed = await api.get(POSTS, { key: account.key, params: { community: 'gardening' } });
    expect(Number(billed.headers.get('x-billed-amount-micros'))).toBeGreaterThan(0);
  });

  test('without a payment method gets the usual 402 pointing at billing', async () => {
    const account = await newAccountWithKey({ payment: 'none' });
    await db.account.update({ where: { id: account.accountId }, data: { emailUnverified: true } });
    await api.get(POSTS, { key: account.key, params: { community: 'gardening', pages: 40 } });
    await api.get(POSTS, { key: account.key, params: { community: 'gardening', pages: 10 } });
    const refused = await api.get(POSTS, { key: account.key, params: { community: 'gardening' } });
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: string }).error).toContain(`${console_}/billing`);
  });
});
