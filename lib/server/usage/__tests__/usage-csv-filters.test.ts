// The CSV of a month on /usage follows every filter the page shows: the month, the key and the
// endpoint. Its rows under a filter sum to what the page shows under it, and another account's
// key reads as nothing. Calls made through the real gateway on PostgreSQL.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newAccountWithKey, startTestApi, type TestApi } from '@/lib/api/__tests__/support/harness';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { billingMonth } from '@/lib/utc-month';
import { usageExportQuerySchema } from '@/lib/validation/usage';
import { getUsageMonth } from '../get-usage-month';
import { streamUsageCsv, type StreamUsageCsvOptions } from '../stream-usage-csv';

const POSTS = '/v1/forumsite/community/posts';
const COMMUNITY = '/v1/forumsite/community';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ redisUrl: '' });
});
afterAll(async () => {
  await api.close();
});

/** The CSV's rows as objects by column name. */
async function csv(options: StreamUsageCsvOptions) {
  const text = await new Response(streamUsageCsv(options)).text();
  const [header, ...lines] = text.trimEnd().split('\r\n');
  const columns = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i]!, v])));
}

const sum = (rows: Record<string, string>[], column: string) => rows.reduce((s, r) => s + Number(r[column]), 0);

test('the key and endpoint filters each narrow the CSV to their rows, together too, and it sums to the page under them', async () => {
  const account = await newAccountWithKey();
  const { key: otherKey, record } = await createApiKey({
    accountId: account.accountId,
    actor: { id: null, label: 'test' },
    name: 'second',
  });
  const calls = [
    [account.key, POSTS, { community: 'gardening', pages: 2 }],
    [account.key, COMMUNITY, { community: 'gardening' }],
    [otherKey, POSTS, { community: 'gardening', pages: 3 }],
    [otherKey, COMMUNITY, { community: 'news' }],
    [otherKey, COMMUNITY, { community: 'news' }],
  ] as const;
  for (const [key, path, params] of calls) expect((await api.get(path, { key, params })).status).toBe(200);
  const month = billingMonth();
  const base = { accountId: account.accountId, month };

  const all = await csv(base);
  expect(all).toHaveLength(4);
  const byKey = await csv({ ...base, keyId: record.id });
  expect(byKey.map((r) => [r.endpoint, r.key, r.requests]).sort()).toEqual(
    [
      [COMMUNITY, `second (${record.prefix}…${record.last4})`, '2'],
      [POSTS, `second (${record.prefix}…${record.last4})`, '1'],
    ].sort(),
  );
  const page = await getUsageMonth({ ...base, keyId: record.id });
  expect({ requests: sum(byKey, 'requests'), units: sum(byKey, 'units') }).toEqual({
    requests: page.summary.requests,
    units: page.summary.units,
  });

  const byEndpoint = await csv({ ...base, endpoint: POSTS });
  expect(byEndpoint.map((r) => [r.endpoint, r.units]).sort()).toEqual([
    [POSTS, '2'],
    [POSTS, '3'],
  ]);
  const both = await csv({ ...base, keyId: account.keyId, endpoint: COMMUNITY });
  expect(both.map((r) => [r.endpoint, r.requests])).toEqual([[COMMUNITY, '1']]);

  // Another account's key finds nothing here; a month without calls has the header alone.
  const stranger = await newAccountWithKey();
  expect(await csv({ ...base, keyId: stranger.keyId })).toEqual([]);
  expect(await csv({ accountId: stranger.accountId, month, keyId: record.id })).toEqual([]);
});

test("the CSV's query takes the page's filters and names a bad one", () => {
  const parse = (q: Record<string, string>) => usageExportQuerySchema().safeParse(q);
  expect(parse({ month: billingMonth(), key: 'k1', endpoint: POSTS }).data).toEqual({
    month: billingMonth(),
    key: 'k1',
    endpoint: POSTS,
  });
  expect(parse({}).data).toEqual({ month: billingMonth(), key: null, endpoint: null });
  expect(parse({ endpoint: '/v1/nothing' }).error?.issues.map((i) => i.message)).toEqual([
    "endpoint must be one of the API's paths, like /v1/shop/products",
  ]);
});
