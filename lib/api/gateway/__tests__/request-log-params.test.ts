// The request detail shows a call's parameters, so the log row keeps them: the validated parameters
// as the gateway parsed them, never a key, bounded in size. Through the real gateway and the
// billing writer (record_usage), single calls and batch items alike.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { LOGGED_PARAMS_CUT, LOGGED_PARAMS_MAX } from '@/lib/usage-log-params';
import { usageEvents } from '../../__tests__/support/cases';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

const POSTS = '/v1/forumsite/community/posts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const rowOf = (response: Response) =>
  db.usageEvent.findUniqueOrThrow({ where: { id: response.headers.get('x-request-id')! } });

test("a call's validated parameters land in its log row, defaults included, for a repeated query string too", async () => {
  const account = await newAccountWithKey();
  const calls = [];
  // The second call finds its parameters (and their logged form) in the cache.
  for (let i = 0; i < 2; i++)
    calls.push(await api.get(POSTS, { key: account.key, params: { community: 'gardening', pages: 2 } }));
  expect(calls.map((r) => r.status)).toEqual([200, 200]);
  for (const call of calls) {
    expect((await rowOf(call)).params).toBe('community=gardening&sort_by=hot&pages=2&get_sentiment=false');
  }
  // An error answered by the platform keeps them too (the detail view of a 404).
  const notFound = await api.get('/v1/textthreads/user/posts', {
    key: account.key,
    params: { username: '@sandbox_not_found' },
  });
  expect(notFound.status).toBe(404);
  expect((await rowOf(notFound)).params).toMatch(/^username=sandbox_not_found(&|$)/);
});

test('never keeps a key: not the header, and a key-named parameter is refused and leaves no row', async () => {
  const account = await newAccountWithKey();
  const served = await api.get(POSTS, { key: account.key, params: { community: 'gardening' } });
  expect(served.status).toBe(200);
  const refused = await api.get(POSTS, {
    key: account.key,
    params: { community: 'gardening', api_key: account.key, token: 'secret-token' },
  });
  expect(refused.status).toBe(400);
  const rows = await usageEvents(account.accountId);
  expect(rows.map((r) => r.id)).toEqual([served.headers.get('x-request-id')]);
  for (const row of rows) {
    expect(row.params).not.toContain(account.key);
    expect(row.params).not.toMatch(/key|token/i);
  }
});

test('a huge query string is kept cut to 2,048 characters, ending in the marker', async () => {
  const account = await newAccountWithKey();
  // 500 characters of two UTF-8 bytes each: 3,000 characters percent-encoded.
  const query = 'é'.repeat(500);
  const response = await api.get('/v1/socialnet/locations', { key: account.key, params: { query } });
  expect(response.status).toBe(200);
  const { params } = await rowOf(response);
  expect(params!.length).toBeLessThanOrEqual(LOGGED_PARAMS_MAX);
  expect(params!.endsWith(LOGGED_PARAMS_CUT)).toBe(true);
  const kept = new URLSearchParams(params!.slice(0, -1)).get('query')!;
  expect(kept.length).toBeGreaterThan(300);
  expect(query.startsWith(kept)).toBe(true);
});

test("batch items keep their own item's parameters", async () => {
  const account = await newAccountWithKey();
  const response = await api.post(
    '/v1/batch',
    {
      requests: [
        { path: POSTS, params: { community: 'gardening', pages: 1 } },
        { path: '/v1/socialnet/locations', params: { query: 'berlin' } },
      ],
    },
    account.key,
  );
  expect(response.status).toBe(200);
  const requestId = response.headers.get('x-request-id')!;
  const rows = await db.usageEvent.findMany({ where: { accountId: account.accountId }, orderBy: { id: 'asc' } });
  expect(rows.map((r) => [r.id, r.params])).toEqual([
    [`${requestId}_0`, 'community=gardening&sort_by=hot&pages=1&get_sentiment=false'],
    [`${requestId}_1`, 'query=berlin'],
  ]);
});
