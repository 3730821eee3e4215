// Every data endpoint's error answers through the real gateway: parameter validation (400, never
// recorded), the sandbox's documented provider errors, and authentication and routing errors.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateApiKey } from '@/lib/api-key';
import { db } from '@/lib/db';
import { deleteApiKey } from '@/lib/server/keys/delete-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { errorText } from '../errors';
import { dataEndpoints } from '../registry';
import {
  billedAndCounted,
  type ErrorCase,
  noteCases,
  nothingBilled,
  parameterCases,
  refusals,
  sandboxCases,
  usageEvents,
  withQuery,
} from './support/cases';
import { newAccountWithKey, startTestApi, type TestAccount, type TestApi } from './support/harness';

let api: TestApi;
/** Only ever sends invalid parameters: nothing may be recorded for it. */
let rejected: TestAccount;
let caller: TestAccount;
const actor = { id: null, label: 'test' };

beforeAll(async () => {
  api = await startTestApi();
  [rejected, caller] = await Promise.all([newAccountWithKey(), newAccountWithKey()]);
});
afterAll(async () => {
  await api?.close();
});

async function answer(c: Pick<ErrorCase, 'path' | 'query'>, key: string) {
  const response = await api.get(withQuery(c.path, c.query), { key });
  return { response, status: response.status, body: (await response.json()) as unknown };
}

describe.each(dataEndpoints.map((e) => ({ ...e, name: e.path })))('$name', (endpoint) => {
  test.each(parameterCases(endpoint))(
    'rejects $name with 400, counting the refusal but billing and counting nothing',
    async (c) => {
      const before = (await refusals(rejected.accountId))[400] ?? 0;
      const { status, body, response } = await answer(c, rejected.key);
      expect({ status, body }).toEqual({ status: c.status, body: c.body });
      expect((await refusals(rejected.accountId))[400]).toBe(before + 1);
      expect(await usageEvents(rejected.accountId)).toEqual([]);
      expect(response.headers.get('x-billed-units')).toBe('0');
      expect(await billedAndCounted(rejected.accountId)).toEqual(nothingBilled);
    },
  );

  test.each(sandboxCases(endpoint))('answers the documented $status for $name', async (c) => {
    const { response, status, body } = await answer(c, caller.key);
    expect({ status, body }).toEqual({ status: c.status, body: c.body });
    for (const [name, value] of Object.entries(c.headers ?? {})) expect(response.headers.get(name)).toBe(value);
  });
});

describe('forumsite posted_ago', () => {
  const path = '/v1/forumsite/community/posts';
  test.each(['hot', 'most_recent', 'rising'])(
    'rejects posted_ago with sort_by=%s with 400 invalid_parameter',
    async (sort) => {
      const { status, body } = await answer(
        {
          path,
          query: [
            ['community', 'news'],
            ['sort_by', sort],
            ['posted_ago', '7d'],
          ],
        },
        rejected.key,
      );
      expect({ status, body }).toEqual({
        status: 400,
        body: {
          error: "Invalid parameter 'posted_ago': only valid with sort_by top or controversial",
          code: 'invalid_parameter',
        },
      });
    },
  );

  test('rejects posted_ago without sort_by (hot is the default) with 400', async () => {
    const { status, body } = await answer(
      {
        path,
        query: [
          ['community', 'news'],
          ['posted_ago', '7d'],
        ],
      },
      rejected.key,
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_parameter' });
  });

  test.each(['top', 'controversial'])('accepts posted_ago with sort_by=%s', async (sort) => {
    const { status } = await answer(
      {
        path,
        query: [
          ['community', 'news'],
          ['sort_by', sort],
          ['posted_ago', '7d'],
        ],
      },
      caller.key,
    );
    expect(status).toBe(200);
  });
});

describe('query-string edge cases', () => {
  const path = '/v1/socialnet/locations';
  const repeated = { error: "Invalid parameter 'query': given more than once", code: 'invalid_parameter' };

  test('rejects a parameter given twice when the second value is empty', async () => {
    const { status, body } = await answer(
      {
        path,
        query: [
          ['query', 'Lisbon'],
          ['query', ''],
        ],
      },
      rejected.key,
    );
    expect({ status, body }).toEqual({ status: 400, body: repeated });
  });

  test('treats an empty value as absent: 400 missing_parameter', async () => {
    const { status, body } = await answer({ path, query: [['query', '']] }, rejected.key);
    expect({ status, body }).toEqual({
      status: 400,
      body: { error: "Missing parameter 'query'", code: 'missing_parameter' },
    });
  });

  // The repeat check comes before blank values are dropped, so the order of values does not matter.
  test('rejects a parameter given twice when the first value is empty', async () => {
    const { status, body } = await answer(
      {
        path,
        query: [
          ['query', ''],
          ['query', 'Lisbon'],
        ],
      },
      caller.key,
    );
    expect({ status, body }).toEqual({ status: 400, body: repeated });
  });

  // Parameters are collected into a prototype-free object, so `__proto__` is an ordinary name.
  test('rejects an unknown parameter named __proto__', async () => {
    const { status, body } = await answer(
      {
        path,
        query: [
          ['query', 'Lisbon'],
          ['__proto__', '1'],
        ],
      },
      caller.key,
    );
    expect({ status, body }).toEqual({
      status: 400,
      body: { error: "Unknown parameter '__proto__'", code: 'invalid_parameter' },
    });
  });

  // Blank values count as absent, and a username must be more than its "@".
  test.each([
    ['/v1/socialnet/locations', 'query', '   '],
    ['/v1/textthreads/user/posts', 'username', ' '],
    ['/v1/textthreads/user/posts', 'username', '@'],
    ['/v1/politicnet/user/posts', 'username', '@'],
  ])('rejects a blank required value: %s?%s="%s" with 400', async (p, name, value) => {
    const { status, body } = await answer({ path: p, query: [[name, value]] }, caller.key);
    expect(status).toBe(400);
    expect((body as { error: string }).error).toContain(`'${name}'`);
  });

  test('bills and counts nothing for the rejected edge cases', async () => {
    expect(await billedAndCounted(rejected.accountId)).toEqual(nothingBilled);
    expect((await usageEvents(rejected.accountId)).every((e) => e.status === 400 && e.units === 0)).toBe(true);
  });
});

describe('the sandbox notes', () => {
  test.each(noteCases())('answers as documented: $name', async (c) => {
    const { status, body } = await answer(c, caller.key);
    expect({ status, body }).toEqual({ status: c.status, body: c.body });
  });
});

describe('authentication and routing', () => {
  const path = '/v1/forumsite/community';
  const query: [string, string][] = [['community', 'news']];
  const unauthorized = (code: 'missing_api_key' | 'invalid_api_key' | 'revoked_api_key') => ({
    status: 401,
    body: { error: errorText[code], code },
  });

  /** A key that was used once (so any cache holds it), then changed through the console's functions. */
  async function usedThen(change: (a: TestAccount) => Promise<unknown>): Promise<string> {
    const account = await newAccountWithKey();
    expect((await answer({ path, query }, account.key)).status).toBe(200);
    await change(account);
    return account.key;
  }

  const cases: { name: string; key: () => Promise<string | null>; expected: { status: number; body: unknown } }[] = [
    { name: 'no X-API-Key header', key: async () => null, expected: unauthorized('missing_api_key') },
    { name: 'a blank X-API-Key header', key: async () => '   ', expected: unauthorized('missing_api_key') },
    { name: 'a malformed key', key: async () => 'not-a-key', expected: unauthorized('invalid_api_key') },
    {
      name: 'a key with the wrong prefix',
      key: async () => generateApiKey().replace('ak_live_', 'ak_test_'),
      expected: unauthorized('invalid_api_key'),
    },
    {
      name: 'an unknown well-formed key',
      key: async () => generateApiKey(),
      expected: unauthorized('invalid_api_key'),
    },
    {
      name: 'a revoked key',
      expected: unauthorized('revoked_api_key'),
      key: () => usedThen((a) => revokeApiKey({ accountId: a.accountId, keyId: a.keyId, actor })),
    },
    {
      name: 'a deleted key',
      expected: unauthorized('invalid_api_key'),
      key: () => usedThen((a) => deleteApiKey({ accountId: a.accountId, keyId: a.keyId, actor })),
    },
    {
      name: 'a key of a blocked account',
      expected: { status: 403, body: { error: errorText.account_blocked, code: 'account_blocked' } },
      key: () => usedThen((a) => db.account.update({ where: { id: a.accountId }, data: { blockedAt: new Date() } })),
    },
  ];

  test.each(cases)('answers $expected.status to $name', async ({ key, expected }) => {
    const response = await api.get(withQuery(path, query), { key: await key() });
    expect({ status: response.status, body: await response.json() }).toEqual(expected);
    expect(response.headers.get('x-billed-units')).toBeNull();
  });

  test('still answers /v1/account/verify for a blocked account: 200 with valid false', async () => {
    const account = await newAccountWithKey();
    await db.account.update({ where: { id: account.accountId }, data: { blockedAt: new Date() } });
    const response = await api.get('/v1/account/verify', { key: account.key });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ valid: false, account: { status: 'blocked' } });
  });

  test('answers 404 endpoint_not_found for an unknown path', async () => {
    const response = await api.get('/v1/shop/nothing-here', { key: caller.key });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 404,
      body: {
        error: 'No endpoint at /v1/shop/nothing-here. See /v1/openapi.json for the list.',
        code: 'endpoint_not_found',
      },
    });
  });

  test('authenticates before routing: an unknown path without a key answers 401', async () => {
    const response = await api.get('/v1/shop/nothing-here');
    expect(response.status).toBe(401);
  });

  test.each(dataEndpoints.map((e) => e.path))(
    'answers 405 method_not_allowed with Allow: GET to POST %s',
    async (p) => {
      const response = await api.post(p, {}, caller.key);
      expect({ status: response.status, body: await response.json(), allow: response.headers.get('allow') }).toEqual({
        status: 405,
        body: { error: `${p} accepts GET only`, code: 'method_not_allowed' },
        allow: 'GET',
      });
    },
  );

  test('answers 405 with Allow: POST to GET /v1/batch', async () => {
    const response = await api.get('/v1/batch', { key: caller.key });
    expect({
      status: response.status,
      code: ((await response.json()) as { code: string }).code,
      allow: response.headers.get('allow'),
    }).toEqual({ status: 405, code: 'method_not_allowed', allow: 'POST' });
  });

  test('records nothing for a request that fails authentication or routing', async () => {
    const account = await newAccountWithKey();
    await api.get('/v1/shop/nothing-here', { key: account.key });
    await api.post('/v1/shop/products', {}, account.key);
    expect(await usageEvents(account.accountId)).toEqual([]);
  });
});
