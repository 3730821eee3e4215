// The platform endpoints through the real gateway: POST /v1/batch, GET /v1/account/verify and
// GET /v1/openapi.json (GET /v1/account/usage's behaviour: account-usage.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { db } from '@/lib/db';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { sentimentParameterDescription } from '../../openapi';
import { dataEndpoints, endpoints } from '../../registry';
import { forumsiteSorts } from '../../registry/forumsite';
import { shopCountries } from '../../registry/shop';
import { billing, refusals, usageEvents } from '../../__tests__/support/cases';
import { GatedProvider } from '../../__tests__/support/gated-provider';
import { newAccountWithKey, startTestApi, type TestAccount, type TestApi } from '../../__tests__/support/harness';

let api: TestApi;
// A second gateway whose upstream holds calls until the test releases them: slot tests by events, not timing.
const gate = new GatedProvider();
let gatedApi: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  gatedApi = await startTestApi({ providerFor: () => gate });
});
afterAll(async () => {
  gate.release();
  await Promise.all([api?.close(), gatedApi?.close()]);
});

type Item = { path: string; params?: Record<string, string | number | boolean> };
type BatchBody = {
  results: { path: string; status: number; body: Record<string, unknown> }[];
  count: number;
  billed_units: number;
  amount_micros: number;
};

async function batch(account: TestAccount, body: unknown) {
  const response = await api.post('/v1/batch', body, account.key);
  return {
    response,
    status: response.status,
    body: (await response.json()) as BatchBody,
    id: response.headers.get('x-request-id')!,
  };
}

describe('POST /v1/batch', () => {
  const items: Item[] = [
    { path: '/v1/forumsite/community/posts', params: { community: 'gardening', pages: 2 } },
    { path: '/v1/news/articles', params: {} },
    { path: '/v1/nothing/here', params: { a: 1 } },
    { path: '/v1/photonet/user', params: { username: 'sandbox_not_found' } },
    { path: '/v1/textthreads/user/posts', params: { username: 'natgeo', pages: 10 } },
    { path: '/v1/account/verify' },
    { path: '/v1/shop/seller/reviews', params: { seller_id: 'A2L77EE7U53NWQ', page: 3, get_sentiment: true } },
    { path: '/v1/textthreads/user/posts', params: { username: 'sandbox_not_found', pages: 4 } },
  ];

  test('runs the items in order, each with its own status and body', async () => {
    const account = await newAccountWithKey({ payment: 'invoice' });
    const { status, body } = await batch(account, { requests: items });
    expect(status).toBe(200);
    expect(body.count).toBe(items.length);
    expect(body.results.map((r) => [r.path, r.status])).toEqual(
      items.map((item, i) => [item.path, [200, 400, 404, 404, 200, 404, 200, 404][i]]),
    );
    expect(body.results[1]!.body).toEqual({ error: "Missing parameter 'query'", code: 'missing_parameter' });
    expect(body.results[2]!.body).toEqual({
      error: 'No data endpoint at /v1/nothing/here',
      code: 'endpoint_not_found',
    });
    expect(body.results[5]!.body).toMatchObject({ code: 'endpoint_not_found' });
    expect(body.results[3]!.body).toMatchObject({ code: 'not_found' });
    expect((body.results[6]!.body.reviews as { sentiment?: unknown }[]).every((r) => 'sentiment' in r)).toBe(true);
  });

  test('bills every item exactly as if it were called alone, and records one event per data-endpoint item', async () => {
    const batched = await newAccountWithKey({ payment: 'invoice' });
    const alone = await newAccountWithKey({ payment: 'invoice' });
    const { response, body, id } = await batch(batched, { requests: items });
    let units = 0;
    for (const [i, item] of items.entries()) {
      if (!dataEndpoints.some((e) => e.path === item.path)) {
        // Not a data endpoint: answered 404 inside a batch and never recorded.
        expect(body.results[i]!.status).toBe(404);
        expect(await db.usageEvent.findUnique({ where: { id: `${id}_${i}` } })).toBeNull();
        continue;
      }
      const single = await api.get(item.path, { key: alone.key, params: item.params ?? {} });
      const singleBody = await single.json();
      const result = body.results[i]!;
      expect({ status: result.status, body: result.body }).toEqual({ status: single.status, body: singleBody });
      const event = await db.usageEvent.findUnique({ where: { id: `${id}_${i}` } });
      // A refused item (400) is tallied among the refusals, not recorded as an event.
      expect(event?.units ?? 0).toBe(billing(single).units);
      units += event?.units ?? 0;
    }
    expect(units).toBe(2 + 2 + 1 + 1);
    expect({ billed: body.billed_units, header: billing(response).units }).toEqual({ billed: units, header: units });
    const events = await usageEvents(batched.accountId);
    // Every item that reached a data endpoint's platform is recorded; the refused one (400) is tallied.
    const servedItems = [...items.keys()].filter(
      (i) => dataEndpoints.some((e) => e.path === items[i]!.path) && body.results[i]!.status !== 400,
    );
    expect(events.map((e) => e.id).sort()).toEqual(servedItems.map((i) => `${id}_${i}`).sort());
    expect(await refusals(batched.accountId)).toEqual({ 400: 1 });
    expect(body.amount_micros).toBe(events.reduce((sum, e) => sum + Number(e.amountMicros), 0));
  });

  test('queues 15 items to one endpoint behind its 10-slot limit instead of failing them', async () => {
    const account = await newAccountWithKey({ payment: 'invoice' });
    gate.close();
    const requests = Array.from({ length: 15 }, (_, i) => ({
      path: '/v1/forumsite/community/posts',
      params: { community: `c${i}x` },
    }));
    const pending = gatedApi.post('/v1/batch', { requests }, account.key);
    // Ten items hold the endpoint's slots at the upstream; the other five wait for a slot.
    await gate.waitForWaiting(10);
    expect(gate.waiting).toBe(10);
    gate.release();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(((await response.json()) as BatchBody).results.map((r) => r.status)).toEqual(requests.map(() => 200));
  });

  test('the same 15 calls made at once outside a batch: exactly 5 get 429 concurrency_limit_exceeded', async () => {
    const account = await newAccountWithKey({ payment: 'invoice' });
    gate.close();
    const calls = Array.from({ length: 15 }, (_, i) =>
      gatedApi.get('/v1/forumsite/community/posts', { key: account.key, params: { community: `c${i}x` } }),
    );
    // Ten reach the upstream and wait there, so the other five are refused without it.
    const refused: Response[] = [];
    const fiveAnswered = new Promise<void>((resolve) => {
      for (const call of calls) {
        void call.then((r) => {
          refused.push(r);
          if (refused.length === 5) resolve();
        });
      }
    });
    await Promise.all([gate.waitForWaiting(10), fiveAnswered]);
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    gate.release();
    const responses = await Promise.all(calls);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
    expect(await refused[0]!.json()).toEqual({
      error: 'Too many simultaneous requests to /v1/forumsite/community/posts: at most 10 at a time per account',
      code: 'concurrency_limit_exceeded',
    });
    expect(refused[0]!.headers.get('retry-after')).toBe('1');
  });

  const invalid: { name: string; body: unknown; error: string | RegExp }[] = [
    {
      name: 'more than 100 items',
      body: { requests: Array.from({ length: 101 }, () => ({ path: '/v1/news/articles', params: { query: 'x' } })) },
      error: 'A batch holds at most 100 calls',
    },
    {
      name: 'malformed JSON',
      body: '{"requests": [',
      error: 'Batch body must be JSON: {"requests": [{"path": "/v1/...", "params": {...}}]}',
    },
    { name: 'an array body', body: [], error: /^Invalid batch body: / },
    { name: 'a string body', body: '"requests"', error: /^Invalid batch body: / },
    { name: 'a null body', body: 'null', error: /^Invalid batch body: / },
    { name: 'an object without requests', body: {}, error: /^Invalid batch body: body\.requests: / },
    {
      name: 'an empty requests list',
      body: { requests: [] },
      error: 'Invalid batch body: body.requests: must hold at least one call',
    },
    {
      name: 'an item path outside /v1/',
      body: { requests: [{ path: '/admin' }] },
      error: 'Invalid batch body: body.requests.0.path: must start with /v1/',
    },
  ];

  test('rejects a body over 1 MB with 413 payload_too_large', async () => {
    const account = await newAccountWithKey({ payment: 'invoice' });
    const { status, body } = await batch(account, {
      requests: [{ path: '/v1/news/articles', params: { query: 'x'.repeat(1_000_001) } }],
    });
    expect({ status, code: (body as unknown as { code: string }).code }).toEqual({
      status: 413,
      code: 'payload_too_large',
    });
  });

  test.each(invalid)('rejects $name with 400 invalid_body and records nothing', async ({ body: sent, error }) => {
    const account = await newAccountWithKey({ payment: 'invoice' });
    const { status, body } = await batch(account, sent);
    expect({ status, body }).toEqual({
      status: 400,
      body: { error: typeof error === 'string' ? error : expect.stringMatching(error), code: 'invalid_body' },
    });
    expect(await usageEvents(account.accountId)).toEqual([]);
  });
});

describe('GET /v1/account/verify', () => {
  test.each([
    { payment: 'card', billing: 'card', method: true },
    { payment: 'invoice', billing: 'invoice', method: true },
    { payment: 'none', billing: 'free_tier_only', method: false },
  ] as const)(
    'describes a key of an account paying by $payment and records nothing',
    async ({ payment, billing: mode, method }) => {
      const account = await newAccountWithKey({ payment });
      const response = await api.get('/v1/account/verify', { key: account.key });
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 200,
        body: {
          valid: true,
          key: {
            name: 'test key',
            prefix: account.key.slice(0, 12),
            last4: account.key.slice(-4),
            status: 'active',
            restricted_to: null,
            expires_at: null,
            monthly_limit_micros: null,
            monthly_limit: null,
          },
          account: { status: 'active', payment_method: method, billing: mode },
        },
      });
      expect(response.headers.get('x-billed-units')).toBeNull();
      expect(await usageEvents(account.accountId)).toEqual([]);
      expect(await db.usageMonthly.count({ where: { accountId: account.accountId } })).toBe(0);
    },
  );

  test("names a restricted key's families and endpoints, its expiry and its monthly limit, as the OpenAPI document describes them", async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    const expiresAt = new Date(Date.UTC(2099, 5, 30, 12, 0, 0));
    const { key } = await createApiKey({
      accountId: account.accountId,
      actor: { id: null, label: 'test' },
      name: 'forum only',
      scopes: ['forumsite', '/v1/shop/products'],
      expiresAt,
      monthlyLimitMicros: 25_000_000n,
    });
    const response = await api.get('/v1/account/verify', { key });
    const body = await response.json();
    expect({ status: response.status, key: body.key }).toEqual({
      status: 200,
      key: {
        name: 'forum only',
        prefix: key.slice(0, 12),
        last4: key.slice(-4),
        status: 'active',
        restricted_to: ['/v1/shop/products', 'forumsite'],
        expires_at: '2099-06-30T12:00:00.000Z',
        monthly_limit_micros: 25_000_000,
        monthly_limit: '$25.00',
      },
    });
    const served = (await (await api.get('/v1/openapi.json')).json()) as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: object }> }> } }>;
    };
    const schema = served.paths['/v1/account/verify']!.get.responses['200']!.content['application/json']!.schema;
    expect(z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(body).error).toBeUndefined();
  });

  test('answers 401 without a key', async () => {
    const response = await api.get('/v1/account/verify');
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 401,
      body: { error: 'Missing API key', code: 'missing_api_key' },
    });
  });
});

describe('GET /v1/openapi.json', () => {
  type Param = { name: string; in: string; required: boolean; schema: Record<string, unknown> };
  type Operation = {
    parameters: Param[];
    responses: Record<string, { content?: { 'application/json': { schema: Record<string, unknown> } } }>;
  };
  let doc: {
    openapi: string;
    info: { version: string };
    components: Record<string, Record<string, unknown>>;
    paths: Record<string, Record<string, Operation>>;
  };
  const op = (path: string) => doc.paths[path]!.get!;
  const param = (path: string, name: string) => op(path).parameters.find((p) => p.name === name)!;

  beforeAll(async () => {
    const response = await api.get('/v1/openapi.json');
    expect(response.status).toBe(200);
    doc = await response.json();
  });

  test('is served without a key as OpenAPI 3.1.0, version 1.1.0, with the X-API-Key scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.1.0');
    expect(doc.components.securitySchemes!.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc.components.schemas!.Error).toMatchObject({ type: 'object', required: ['error', 'code'] });
  });

  test('has one path per registry endpoint, under its method', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(endpoints.map((e) => e.path).sort());
    for (const e of endpoints) expect(Object.keys(doc.paths[e.path]!)).toEqual([e.method.toLowerCase()]);
  });

  test('lists every query parameter with its constraints', () => {
    expect(param('/v1/shop/products', 'query')).toMatchObject({
      in: 'query',
      required: true,
      schema: { type: 'string', maxLength: 500 },
    });
    expect(param('/v1/shop/products', 'page')).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 20, default: 1 },
    });
    expect(param('/v1/shop/products', 'country').schema.enum).toEqual([...shopCountries]);
    expect(param('/v1/forumsite/community/posts', 'pages').schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 40,
    });
    expect(param('/v1/forumsite/community/posts', 'sort_by').schema).toMatchObject({
      enum: [...forumsiteSorts],
      default: 'hot',
    });
    expect(param('/v1/forumsite/community/posts', 'get_sentiment').schema).toMatchObject({
      type: 'boolean',
      default: false,
    });
    expect(param('/v1/forumsite/community/posts', 'get_sentiment')).toMatchObject({
      description: sentimentParameterDescription,
    });
    expect(sentimentParameterDescription).toMatch(/Other languages/);
    expect(param('/v1/news/articles', 'limit').schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 10,
    });
    expect(param('/v1/photonet/user', 'username')).toMatchObject({ required: false, schema: { maxLength: 100 } });
    for (const e of endpoints.filter((x) => x.paging)) {
      expect(param(e.path, e.paging!.param).schema).toMatchObject({
        type: 'integer',
        minimum: 1,
        maximum: e.paging!.max,
      });
    }
    for (const e of endpoints.filter((x) => x.method === 'GET')) {
      for (const p of op(e.path).parameters) expect(p.in).toBe('query');
      expect(op(e.path).parameters.some((p) => p.name === 'get_sentiment')).toBe(e.sentiment);
    }
  });

  test("states the spec's prices, page limits and string lengths", () => {
    const spec = {
      '/v1/shop/products': [5000, 20],
      '/v1/shop/product': [5000],
      '/v1/shop/seller': [5000],
      '/v1/shop/seller/reviews': [5000, 50],
      '/v1/photonet/comment/replies': [6000, 10],
      '/v1/photonet/highlight/stories': [6000],
      '/v1/photonet/user': [6000],
      '/v1/photonet/user/following': [6000, 40],
      '/v1/clipnet/video/comments': [6000, 1000],
      '/v1/clipnet/comment/replies': [6000, 1000],
      '/v1/clipnet/videos': [6000, 10],
      '/v1/clipnet/user/videos': [6000, 1000],
      '/v1/clipnet/user/followers': [6000, 100],
      '/v1/openmicro/posts': [3000, 20],
      '/v1/politicnet/user/posts': [6000, 20],
      '/v1/newsletter/users': [3000, 4],
      '/v1/newsletter/notes': [3000, 250],
      '/v1/newsletter/category/feed': [3000, 250],
      '/v1/newsletter/publication': [3000],
      '/v1/videosite/channel': [5000],
      '/v1/videosite/videos': [5000, 10],
      '/v1/videosite/video/comments': [5000, 20],
      '/v1/forumsite/community/posts': [3000, 40],
      '/v1/forumsite/community': [3000],
      '/v1/forumsite/posts': [3000, 12],
      '/v1/forumsite/post/comments': [3000, 10],
      '/v1/socialnet/locations': [4000],
      '/v1/socialnet/group': [8000],
      '/v1/socialnet/page/videos': [8000, 15],
      '/v1/socialnet/group/search': [8000, 10],
      '/v1/textthreads/user/posts': [6000, 60],
      '/v1/news/articles': [3000],
      // The families the spec names without detailing: prices and page limits as the
      // real service publishes them, or chosen in its style (docs/data-sources.md).
      '/v1/xnet/posts': [6000, 10],
      '/v1/pronet/posts': [6000, 25],
      '/v1/websearch/results': [4000, 10],
      '/v1/places/search': [3000],
      '/v1/reviewsite/businesses': [5000, 500],
      '/v1/reviewsite/business/reviews': [5000, 10],
    } as Record<string, [number, number?]>;
    const lengths: Record<string, number> = {
      url: 500,
      username: 100,
      code: 50,
      comment_id: 50,
      flair: 64,
      category_id: 200,
      near: 200,
      location: 250,
      business_id: 200,
    };
    expect(Object.keys(spec).sort()).toEqual(dataEndpoints.map((e) => e.path).sort());
    for (const e of dataEndpoints) {
      const operation = op(e.path) as unknown as { 'x-price-micros': number; 'x-paging'?: { max: number } };
      const [price, maxPages] = spec[e.path]!;
      expect({ path: e.path, price: operation['x-price-micros'], max: operation['x-paging']?.max }).toEqual({
        path: e.path,
        price,
        max: maxPages,
      });
      for (const p of op(e.path).parameters) {
        const max = p.name === 'query' ? (e.path === '/v1/photonet/user/following' ? 100 : 500) : lengths[p.name];
        if (max !== undefined && p.schema.type === 'string')
          expect({ param: `${e.path} ${p.name}`, max: p.schema.maxLength }).toEqual({
            param: `${e.path} ${p.name}`,
            max,
          });
      }
    }
  });

  test('describes GET /v1/account/usage: free, its month parameter and its answer', () => {
    const usage = op('/v1/account/usage') as unknown as Operation & { 'x-price-micros': number; description: string };
    expect(usage['x-price-micros']).toBe(0);
    expect(usage.description).toMatch(/blocked account can still read/);
    expect(usage.description).toMatch(/restricted to some families or endpoints reads only their usage/);
    expect(usage.parameters).toEqual([
      {
        name: 'month',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
      },
    ]);
    const answer = usage.responses['200']!.content!['application/json'].schema as {
      required: string[];
      properties: Record<string, { properties?: Record<string, unknown> }>;
    };
    expect(answer.required.sort()).toEqual(
      ['account', 'caps', 'endpoints', 'key', 'month', 'restricted_to', 'today', 'total'].sort(),
    );
    expect(Object.keys(answer.properties.total!.properties!)).toEqual([
      'requests',
      'units',
      'free_units',
      'billed_units',
      'amount_micros',
      'amount',
    ]);
    expect(Object.keys(answer.properties.caps!.properties!)).toEqual(['daily', 'monthly']);
  });

  test('describes every error response with the Error schema', () => {
    for (const e of endpoints) {
      const { responses } = doc.paths[e.path]![e.method.toLowerCase()]!;
      expect(responses['200']?.content?.['application/json'].schema).toBeDefined();
      const errors = Object.entries(responses).filter(([status]) => Number(status) >= 400);
      expect(errors.map(([s]) => s)).toEqual(expect.arrayContaining(['400', '401', '403', '404', '429', '502', '504']));
      for (const [, r] of errors)
        expect(r.content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
  });
});
