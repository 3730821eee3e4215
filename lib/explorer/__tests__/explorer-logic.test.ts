// The explorer's browser-side logic: the form's check speaks the API's words, the cost preview
// counts pages and the surcharge, the history never keeps a key and stops at 50.
import { describe, expect, it } from 'vitest';

import { endpoints, findEndpoint } from '@/lib/api/registry';
import { describeEndpoint } from '@/lib/docs/endpoint-model';
import { batchCost, batchPaidPaths } from '@/lib/explorer/batch-cost';
import { maxCost } from '@/lib/explorer/cost';
import { initialValues, queryPairs } from '@/lib/explorer/form-values';
import { addToHistory, HISTORY_LIMIT, readHistory, type HistoryEntry } from '@/lib/explorer/history';
import { findInText } from '@/lib/explorer/json-view';
import { explorerLink, readShareLink } from '@/lib/explorer/share-link';
import { checkParams } from '@/lib/explorer/validate-params';

const posts = describeEndpoint(findEndpoint('/v1/forumsite/community/posts')!);

describe('checkParams', () => {
  it('passes the example of the endpoint', () => {
    expect(checkParams(posts.path, queryPairs(posts, initialValues(posts))).message).toBeNull();
  });

  it('answers a bad value with the message and code of the API, on the field', () => {
    const check = checkParams(posts.path, [
      ['community', 'AskScience'],
      ['pages', '99'],
    ]);
    expect(check.code).toBe('invalid_parameter');
    expect(check.message).toBe("Invalid parameter 'pages': must be an integer from 1 to 40");
    expect(check.fieldErrors.pages).toEqual(["Invalid parameter 'pages': must be an integer from 1 to 40"]);
  });

  it('reports every broken rule, not only the first', () => {
    const check = checkParams(posts.path, [
      ['pages', '0'],
      ['posted_ago', '7d'],
    ]);
    expect(check.code).toBe('missing_parameter');
    expect(Object.keys(check.fieldErrors).sort()).toEqual(['community', 'pages', 'posted_ago']);
    expect(check.message).toContain("provide exactly one of 'community' or 'url'");
    expect(check.message).toContain('only valid with sort_by top or controversial');
  });
});

describe('maxCost', () => {
  it('is pages × price, plus the sentiment surcharge per page', () => {
    expect(maxCost(posts, { pages: '40' })).toMatchObject({ units: 40, totalMicros: 40 * 3000 });
    expect(maxCost(posts, { pages: '2', get_sentiment: 'true' })).toMatchObject({
      units: 2,
      surchargeMicros: 2000,
      totalMicros: 8000,
    });
    expect(maxCost(posts, { pages: '' }).units).toBe(1);
  });
});

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    key: () => null,
    get length() {
      return data.size;
    },
  };
}

const entry = (i: number, params: [string, string][] = []): HistoryEntry => ({
  id: String(i),
  at: new Date(0).toISOString(),
  method: 'GET',
  path: posts.path,
  params,
  status: 200,
  code: null,
  units: 1,
  durationMs: 5,
  requestId: `req_${i}`,
});

describe('batchCost', () => {
  const byPath = new Map(endpoints.map((e) => [e.path, describeEndpoint(e)]));
  const products = byPath.get('/v1/shop/products')!;
  const body = JSON.stringify({
    requests: [
      { path: posts.path, params: { community: 'news', pages: 3, get_sentiment: true } },
      { path: '/v1/shop/products', params: { query: 'lamp' } },
      { path: posts.path, params: { community: 'news', pages: 40 } },
      { path: '/v1/account/verify' },
      { path: '/v1/nothing/here' },
    ],
  });

  it("sums the items' largest costs, each priced as if called alone", () => {
    const cost = batchCost(body, byPath, null);
    if (!cost.ok) throw new Error(cost.reason);
    const alone = [
      maxCost(posts, { community: 'news', pages: '3', get_sentiment: 'true' }).totalMicros,
      maxCost(products, { query: 'lamp' }).totalMicros,
      maxCost(posts, { community: 'news', pages: '40' }).totalMicros,
    ];
    expect(cost.items.map((i) => i.cost.totalMicros)).toEqual([...alone, 0, 0]);
    expect(cost.totalMicros).toBe(alone[0]! + alone[1]! + alone[2]!);
    expect(cost.totalMicros).toBeGreaterThan(0);
    // The free units are not known until the endpoints' free units left are read.
    expect(cost.freeUnits).toBeNull();
  });

  it('uses the free units left item by item: items to one endpoint share them, free and unknown paths use none', () => {
    expect(batchPaidPaths(body, byPath)).toEqual([posts.path, '/v1/shop/products']);
    const cost = batchCost(
      body,
      byPath,
      new Map([
        [posts.path, 10],
        ['/v1/shop/products', 0],
      ]),
    );
    if (!cost.ok) throw new Error(cost.reason);
    expect(cost.items.map((i) => i.freeUnits)).toEqual([3, 0, 7, 0, 0]);
    expect(cost.freeUnits).toBe(10);
  });

  it('says why a body cannot be priced', () => {
    expect(batchCost('{"requests": [', byPath, null)).toEqual({ ok: false, reason: 'the body is not valid JSON' });
    expect(batchCost('{}', byPath, null)).toEqual({ ok: false, reason: 'the body has no "requests" list' });
  });
});

describe('history', () => {
  it('keeps the newest 50 calls, newest first', () => {
    const storage = memoryStorage();
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) addToHistory(storage, 'user-a', entry(i));
    const kept = readHistory(storage, 'user-a');
    expect(kept).toHaveLength(HISTORY_LIMIT);
    expect(kept[0]!.id).toBe(String(HISTORY_LIMIT + 4));
  });

  it('never stores a parameter that could hold a key', () => {
    const storage = memoryStorage();
    addToHistory(
      storage,
      'user-a',
      entry(1, [
        ['community', 'x'],
        ['api_key', 'ak_live_secret'],
      ]),
    );
    expect(storage.getItem('explorer.history.v2')).toContain('community');
    expect(storage.getItem('explorer.history.v2')).not.toContain('ak_live_secret');
  });
});

describe('share links', () => {
  it('round-trip the endpoint and parameters and refuse key-like names', () => {
    const link = explorerLink(posts.path, [
      ['community', 'AskScience'],
      ['pages', '2'],
    ]);
    expect(link).toBe('/explorer?path=/v1/forumsite/community/posts&community=AskScience&pages=2');
    const read = readShareLink(new URLSearchParams(`${link.split('?')[1]}&api_key=ak_live_x`));
    expect(read).toEqual({
      path: posts.path,
      params: [
        ['community', 'AskScience'],
        ['pages', '2'],
      ],
    });
  });
});

describe('findInText', () => {
  it('finds every match of a large text, across the chunks it searches in turn, case-insensitively', async () => {
    const chunk = 256 * 1024;
    // One match straddles the first chunk boundary, one sits at its very start, one at the end.
    const text = `${'x'.repeat(chunk - 3)}AskScience${'y'.repeat(chunk - 7)}askscience${'z'.repeat(100)}ASKSCIENCE`;
    const found = await findInText(text, 'askscience', { pause: async () => {} });
    expect(found?.total).toBe(3);
    expect(found?.shown.map((m) => m.at)).toEqual([chunk - 3, 2 * chunk, 2 * chunk + 110]);
    expect(found!.shown[0]!.match).toBe('AskScience');
  });

  it('stops when the search is replaced by another', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await findInText('a'.repeat(600_000), 'a', { signal: controller.signal, pause: async () => {} })).toBeNull();
  });
});
