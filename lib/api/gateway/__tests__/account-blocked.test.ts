// A blocked account's calls are told what the console's banner says, as the 402 is: why the account
// is blocked, the amount due and the billing page's address. The account is blocked the way
// customers are: an invoice whose charge failed, then its standing derived
// (refresh-account-standing.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { env } from '@/lib/env';

import { refreshAccountStanding } from '@/lib/server/billing/refresh-account-standing';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';
import { billingMonth } from '@/lib/utc-month';

const POSTS = '/v1/forumsite/community/posts';
const billingPage = `${env.CONSOLE_PUBLIC_URL ?? `http://localhost:${env.PORT}`}/billing`;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('the 403 account_blocked body', () => {
  test('names the cause, the amount due and the billing page, for a call and for batch items', async () => {
    const account = await newAccountWithKey();
    const month = billingMonth();
    await db.invoice.create({
      data: {
        accountId: account.accountId,
        month,
        sequence: 1,
        status: 'open',
        amountMicros: 1_204_000n,
        amountCents: 120,
        attemptCount: 1,
        number: 'INV-7',
      },
    });
    const standing = await refreshAccountStanding({ accountId: account.accountId });
    expect(standing.blocked).toBe(true);

    const response = await api.get(POSTS, { key: account.key, params: { community: 'gardening' } });
    const error = `Account blocked: The payment of the invoice INV-7 for ${month} ($1.20) failed. Due now: $1.20. Pay it at ${billingPage} (update the payment method there) to continue.`;
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 403,
      body: { error, code: 'account_blocked' },
    });

    const batch = await api.post(
      '/v1/batch',
      { requests: [{ path: POSTS, params: { community: 'gardening' } }] },
      account.key,
    );
    expect({ status: batch.status, body: await batch.json() }).toEqual({
      status: 403,
      body: { error, code: 'account_blocked' },
    });
  });
});
