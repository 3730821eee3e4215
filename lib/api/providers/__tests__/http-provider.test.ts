// The HTTP upstream provider against a real HTTP server started by the test: forwarding,
// the bearer secret, record validation (invalid records dropped and logged, never passed on),
// error mapping, and the timeout, through the whole gateway.
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findEndpoint } from '../../registry';
import { createProviderResolver } from '..';
import { HttpProvider } from '../http-provider';
import { sandboxProvider } from '../sandbox';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

const seen: { url: string; authorization?: string }[] = [];
let upstream: http.Server;
let base: string;
let api: TestApi;
const logged: string[] = [];

/** The upstream: sandbox data, with some answers spoiled on purpose. */
async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url!, 'http://upstream');
  seen.push({ url: url.pathname + url.search, authorization: req.headers.authorization });
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const community = url.searchParams.get('community');
  if (community === 'missing') return send(404, { error: 'no such community', code: 'not_found' });
  if (community === 'busy') return send(429, { error: 'slow down' });
  if (community === 'broken') return send(500, 'oops');
  if (community === 'garbage') return send(200, '<html>not json</html>');
  if (community === 'slow') return void setTimeout(() => send(200, {}), 2_000);
  const endpoint = findEndpoint(url.pathname)!;
  const params = endpoint.params.parse(Object.fromEntries(url.searchParams));
  const { body } = await sandboxProvider.call(endpoint, params, new AbortController().signal);
  if (community === 'spoiled') {
    const posts = body.posts as Record<string, unknown>[];
    posts[0] = { ...posts[0], upvotes: 'many' }; // wrong type
    delete posts[1]!.title; // missing field
  }
  if (community === 'shapeless') return send(200, { posts: 'none' });
  send(200, body);
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`;
  const resolver = createProviderResolver({
    UPSTREAM_FORUMSITE_URL: base,
    UPSTREAM_FORUMSITE_SECRET: 'upstream-secret',
  });
  const forumsite = new HttpProvider({ baseUrl: base, secret: 'upstream-secret', log: (m) => logged.push(m) });
  api = await startTestApi({
    timeoutMs: 500,
    providerFor: (endpoint) => (endpoint.family === 'forumsite' ? forumsite : resolver(endpoint)),
  });
});
afterAll(async () => {
  await api.close();
  upstream.close();
});

describe('HTTP upstream provider', () => {
  test('is chosen for a family only when its UPSTREAM_<FAMILY>_URL is set', () => {
    const resolve = createProviderResolver({ UPSTREAM_FORUMSITE_URL: base });
    expect(resolve(findEndpoint('/v1/forumsite/community')!)).toBeInstanceOf(HttpProvider);
    expect(resolve(findEndpoint('/v1/shop/products')!)).toBe(sandboxProvider);
  });

  test('forwards the path and validated parameters with the bearer secret, not get_sentiment', async () => {
    const { key } = await newAccountWithKey();
    const response = await api.get('/v1/forumsite/community/posts', {
      key,
      params: { community: 'news', pages: 2, get_sentiment: true },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.posts.length).toBeGreaterThan(0);
    expect(body.posts[0].sentiment === null || typeof body.posts[0].sentiment === 'object').toBe(true);
    const call = seen.at(-1)!;
    expect(call.authorization).toBe('Bearer upstream-secret');
    expect(call.url).toContain('/v1/forumsite/community/posts?');
    expect(call.url).toContain('pages=2');
    expect(call.url).not.toContain('get_sentiment');
    expect(response.headers.get('x-billed-units')).toBe(String(body.pages));
  });

  test('drops and logs invalid records, never passing them on', async () => {
    const { key } = await newAccountWithKey();
    const clean = await (
      await api.get('/v1/forumsite/community/posts', { key, params: { community: 'spoiled_ok' } })
    ).json();
    const response = await api.get('/v1/forumsite/community/posts', { key, params: { community: 'spoiled' } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(
      body.posts.every((p: Record<string, unknown>) => typeof p.upvotes === 'number' && typeof p.title === 'string'),
    ).toBe(true);
    expect(body.count).toBe(body.posts.length);
    expect(clean.posts.length).toBeGreaterThan(0);
    expect(logged.some((m) => m.includes('dropped 2 invalid record'))).toBe(true);
  });

  test.each([
    ['missing', 404, 'not_found'],
    ['busy', 429, 'upstream_rate_limit'],
    ['broken', 502, 'upstream_error'],
    ['garbage', 502, 'upstream_error'],
    ['shapeless', 502, 'upstream_error'],
    ['slow', 504, 'upstream_timeout'],
  ])('maps an upstream answer for community=%s to %i %s, billing nothing', async (community, status, code) => {
    const { key } = await newAccountWithKey();
    const response = await api.get('/v1/forumsite/community/posts', { key, params: { community } });
    expect(response.status).toBe(status);
    expect((await response.json()).code).toBe(code);
    expect(response.headers.get('x-billed-units')).toBe('0');
  });

  test('maps an unreachable upstream to 502 upstream_error', async () => {
    const provider = new HttpProvider({ baseUrl: 'http://127.0.0.1:1', log: () => {} });
    const endpoint = findEndpoint('/v1/forumsite/community')!;
    await expect(provider.call(endpoint, { community: 'news' }, new AbortController().signal)).rejects.toMatchObject({
      code: 'upstream_error',
    });
  });
});
