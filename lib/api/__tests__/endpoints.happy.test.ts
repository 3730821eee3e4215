// Every data endpoint answers its registry example through the real gateway: a body that matches
// the endpoint's response schema, counts that agree with the lists, sentiment only on request,
// the same data twice, and a fresh request id on every response.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dataEndpoints, type EndpointDefinition } from '../registry';
import { sentimentSchema } from '../../sentiment/schema';
import { billing } from './support/cases';
import { newAccountWithKey, startTestApi, type TestAccount, type TestApi } from './support/harness';

let api: TestApi;
let account: TestAccount;
const requestIds: string[] = [];

beforeAll(async () => {
  api = await startTestApi();
  account = await newAccountWithKey({ payment: 'invoice' });
});
afterAll(async () => {
  await api?.close();
});

type Body = Record<string, unknown>;

async function call(endpoint: EndpointDefinition, extra: Record<string, string> = {}) {
  const response = await api.get(endpoint.path, { key: account.key, params: { ...endpoint.example, ...extra } });
  const id = response.headers.get('x-request-id');
  if (id) requestIds.push(id);
  return { response, id, body: (await response.json()) as Body };
}

/** The body's list of records: the sentiment target, or its only array field. */
function recordList(endpoint: EndpointDefinition, body: Body): { name: string; records: Body[] } | undefined {
  const name = endpoint.sentimentTarget?.list ?? Object.keys(body).find((k) => Array.isArray(body[k]));
  return name === undefined ? undefined : { name, records: body[name] as Body[] };
}

const named = dataEndpoints.map((e) => ({ ...e, name: e.path }));
const withSentiment = named.filter((e) => e.sentiment);
const withRecords = named.filter((e) => e.sentimentTarget);

describe.each(named)('$name', (endpoint) => {
  test('answers its registry example with 200 and a body that matches the response schema', async () => {
    const { response, body } = await call(endpoint);
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const parsed = endpoint.response.safeParse(body);
    expect(parsed.success, parsed.error?.message).toBe(true);
  });

  test('reports count and pages that agree with the list it returns', async () => {
    const { response, body } = await call(endpoint);
    const list = recordList(endpoint, body);
    if ('count' in body) {
      expect(list, 'a body with count has a list').toBeDefined();
      expect(body.count).toBe(list!.records.length);
      expect(list!.records.length).toBeGreaterThan(0);
    }
    if (endpoint.paging?.param === 'pages') {
      const requested = Number(endpoint.example.pages ?? 1);
      const pages = body.pages as number;
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(requested);
      // pageSize is the spec's "about N per page": allow a tenth more.
      if (endpoint.pageSize)
        expect(list!.records.length).toBeLessThanOrEqual(Math.ceil(pages * endpoint.pageSize * 1.1));
      expect(list!.records.length).toBeGreaterThanOrEqual(pages - 1);
      if (endpoint.billingUnit === 'page') expect(billing(response).units).toBe(pages);
    } else {
      expect(billing(response).units).toBe(1);
    }
    if (endpoint.paging?.param === 'page') expect(body.page).toBe(Number(endpoint.example.page ?? 1));
  });

  test('answers the same request twice with the same body', async () => {
    const first = await call(endpoint);
    const second = await call(endpoint);
    expect(second.body).toEqual(first.body);
  });
});

describe.each(withSentiment)('$name with get_sentiment=true', (endpoint) => {
  test('gives every record a valid sentiment, an object wherever its text has words', async () => {
    const { response, body } = await call(endpoint, { get_sentiment: 'true' });
    expect(response.status).toBe(200);
    const parsed = endpoint.response.safeParse(body);
    expect(parsed.success, parsed.error?.message).toBe(true);
    const { records } = recordList(endpoint, body)!;
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record).toHaveProperty('sentiment');
      const sentiment = sentimentSchema.safeParse(record.sentiment);
      expect(sentiment.success, sentiment.error?.message).toBe(true);
    }
    // The analysis is null only for text that carries nothing to analyse: records with words get one.
    const text = endpoint.sentimentTarget!.text;
    const worded = records.filter((r) => /[a-z]{3,}/i.test(String(r[text] ?? '')));
    expect(worded.length).toBeGreaterThan(0);
    expect(worded.filter((r) => r.sentiment === null).map((r) => r[text])).toEqual([]);
    // A sentiment that is not null names its highest emotion as dominant.
    for (const { sentiment } of records as {
      sentiment: { emotions: Record<string, number>; dominant_emotion: string } | null;
    }[]) {
      if (sentiment)
        expect(sentiment.emotions[sentiment.dominant_emotion]).toBe(Math.max(...Object.values(sentiment.emotions)));
    }
  });

  test('gives the same records as without sentiment, plus the sentiment field', async () => {
    const plain = await call(endpoint);
    const rich = await call(endpoint, { get_sentiment: 'true' });
    const strip = (b: Body) => ({
      ...b,
      [endpoint.sentimentTarget!.list]: (b[endpoint.sentimentTarget!.list] as Body[]).map(
        ({ sentiment: _, ...r }) => r,
      ),
    });
    expect(strip(rich.body)).toEqual(plain.body);
  });
});

describe.each(withRecords)('$name without get_sentiment', (endpoint) => {
  test('gives no record a sentiment key', async () => {
    const { body } = await call(endpoint);
    const { records } = recordList(endpoint, body)!;
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(record).not.toHaveProperty('sentiment');
  });
});

describe('request ids', () => {
  test('every response carries a distinct x-request-id', () => {
    expect(requestIds.length).toBeGreaterThanOrEqual(dataEndpoints.length * 4);
    for (const id of requestIds) expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(new Set(requestIds).size).toBe(requestIds.length);
  });

  test('an error response carries a request id too', async () => {
    const response = await api.get('/v1/news/articles', { key: account.key });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
  });
});
