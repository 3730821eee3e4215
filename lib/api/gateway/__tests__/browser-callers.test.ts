// What a browser page (the console's explorer, a customer's own page) needs from /v1: CORS with
// the billing headers readable, preflights without a key, a clear answer to a Bearer header,
// batch items with their own ids and bills, and an OpenAPI document a client can use as is.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiBaseUrl } from '@/lib/http/api-base-url';
import { endpoints } from '../../registry';
import { endpointGroup } from '../../registry/types';
import { billing } from '../../__tests__/support/cases';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const billingHeaders = [
  'X-Request-Id',
  'X-Billed-Units',
  'X-Free-Units',
  'X-Billed-Amount-Micros',
  'X-Free-Tier-Remaining',
];

describe('CORS', () => {
  test('answers a preflight with 204 and no key, allowing X-API-Key', async () => {
    const response = await api.runtime.gateway.fetch(
      new Request('http://api.test/v1/forumsite/community/posts', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://example.org',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key',
        },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
  });

  test('exposes the billing headers and the request id on answers, errors included', async () => {
    const account = await newAccountWithKey();
    for (const response of [
      await api.get('/v1/forumsite/community', { key: account.key, params: { community: 'news' } }),
      await api.get('/v1/forumsite/community', { key: account.key }),
      await api.get('/v1/forumsite/community'),
    ]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(billingHeaders));
    }
  });
});

test('answers a Bearer header by saying to send X-API-Key', async () => {
  const account = await newAccountWithKey();
  const response = await api.runtime.gateway.fetch(
    new Request('http://api.test/v1/account/verify', { headers: { authorization: `Bearer ${account.key}` } }),
  );
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({
    error: 'Missing API key: send it in the X-API-Key header, not as Authorization: Bearer',
    code: 'missing_api_key',
  });
});

describe('POST /v1/batch', () => {
  test('gives every item its request id and billing, and the batch the billing headers of a single call', async () => {
    const account = await newAccountWithKey({ payment: 'invoice' });
    const response = await api.post(
      '/v1/batch',
      {
        requests: [
          { path: '/v1/forumsite/community/posts', params: { community: 'gardening', pages: 2 } },
          { path: '/v1/forumsite/community', params: { community: 'news' } },
          { path: '/v1/nothing/here' },
        ],
      },
      account.key,
    );
    const id = response.headers.get('x-request-id')!;
    const body = await response.json();
    expect(
      body.results.map((r: Record<string, unknown>) => [
        r.request_id,
        r.billed_units,
        r.free_units,
        r.free_tier_remaining,
      ]),
    ).toEqual([
      [`${id}_0`, 2, 2, 48],
      [`${id}_1`, 1, 1, 49],
      [`${id}_2`, 0, 0, null],
    ]);
    expect(billing(response)).toMatchObject({ units: 3, free: 3, amount: 0, remaining: 48 });
    expect(body).toMatchObject({ billed_units: 3, free_units: 3, amount_micros: 0 });
  });

  test('answers an item whose path carries a query string with 400 saying to move it into params', async () => {
    const account = await newAccountWithKey();
    const response = await api.post(
      '/v1/batch',
      { requests: [{ path: '/v1/forumsite/community?community=news' }] },
      account.key,
    );
    const [item] = (await response.json()).results;
    expect(item.status).toBe(400);
    expect(item.body.code).toBe('invalid_parameter');
    expect(item.body.error).toContain('move the parameters into "params"');
    expect(item.billed_units).toBe(0);
  });
});

describe('GET /v1/openapi.json', () => {
  test('names an absolute server, tags every operation with a declared group tag (its family, or platform), and declares the billing headers', async () => {
    const doc = await (await api.get('/v1/openapi.json')).json();
    expect(doc.servers).toEqual([{ url: apiBaseUrl() }]);
    expect(apiBaseUrl()).toMatch(/^https?:\/\/[^/]+$/);
    const tags = new Set(doc.tags.map((t: { name: string }) => t.name));
    for (const e of endpoints) {
      const op = doc.paths[e.path][e.method.toLowerCase()];
      expect(op.tags).toEqual([endpointGroup(e)]);
      expect(tags.has(endpointGroup(e))).toBe(true);
    }
    const ok = doc.paths['/v1/forumsite/community/posts'].get.responses['200'];
    for (const name of billingHeaders) {
      expect(ok.headers[name]).toEqual({ $ref: `#/components/headers/${name}` });
      expect(doc.components.headers[name].schema.type).toBeDefined();
    }
  });

  test('states the cross-parameter rules as x-parameter-rules', async () => {
    const doc = await (await api.get('/v1/openapi.json')).json();
    expect(doc.paths['/v1/forumsite/community/posts'].get['x-parameter-rules']).toEqual([
      { kind: 'exactly_one_of', params: ['community', 'url'] },
      { kind: 'only_valid_with', param: 'posted_ago', other: 'sort_by', values: ['top', 'controversial'] },
    ]);
    expect(doc.paths['/v1/socialnet/group/search'].get['x-parameter-rules']).toContainEqual({
      kind: 'at_least_one_of',
      params: ['query', 'group_id'],
    });
  });
});
