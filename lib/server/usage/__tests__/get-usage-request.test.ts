// The request detail's server read (/usage/requests/<id>): the call's fields with its parameters
// as the gateway logged them, for the signed-in account only.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newAccountWithKey, startTestApi, type TestApi } from '@/lib/api/__tests__/support/harness';
import { db } from '@/lib/db';
import { getUsageRequest } from '../get-usage-request';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

test('returns a call with its parameters as name and value, keys left out, for its own account only', async () => {
  const account = await newAccountWithKey();
  const response = await api.get('/v1/forumsite/community/posts', {
    key: account.key,
    params: { community: 'gardening', pages: 2, sort_by: 'top', posted_ago: '7d' },
  });
  expect(response.status).toBe(200);
  const requestId = response.headers.get('x-request-id')!;

  const detail = await getUsageRequest({ accountId: account.accountId, requestId });
  expect(detail).toMatchObject({
    requestId,
    method: 'GET',
    endpoint: '/v1/forumsite/community/posts',
    status: 200,
    units: 2,
  });
  expect(detail!.params).toEqual({
    query: 'community=gardening&sort_by=top&posted_ago=7d&pages=2&get_sentiment=false',
    entries: [
      ['community', 'gardening'],
      ['sort_by', 'top'],
      ['posted_ago', '7d'],
      ['pages', '2'],
      ['get_sentiment', 'false'],
    ],
    truncated: false,
  });
  expect(JSON.stringify(detail)).not.toContain(account.key);

  const other = await newAccountWithKey();
  expect(await getUsageRequest({ accountId: other.accountId, requestId })).toBeNull();
});

test('says when the parameters were cut, and has none for a call logged before they were kept', async () => {
  const account = await newAccountWithKey();
  const query = 'é'.repeat(500);
  const response = await api.get('/v1/socialnet/locations', { key: account.key, params: { query } });
  const detail = await getUsageRequest({
    accountId: account.accountId,
    requestId: response.headers.get('x-request-id')!,
  });
  expect(detail!.params!.truncated).toBe(true);
  expect(detail!.params!.entries).toHaveLength(1);
  expect(query.startsWith(detail!.params!.entries[0]![1])).toBe(true);

  // A row from before the column existed (or a call without parameters): params null.
  await db.usageEvent.update({ where: { id: detail!.requestId }, data: { params: null } });
  expect((await getUsageRequest({ accountId: account.accountId, requestId: detail!.requestId }))!.params).toBeNull();
});
