import { afterAll, beforeAll, expect, test } from 'vitest';
import { newAccountWithKey, startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => { api = await startTestApi(); });
afterAll(async () => { await api.close(); });

test('smoke', async () => {
  const a = await newAccountWithKey();
  const r = await api.get('/v1/forumsite/community/posts', { key: a.key, params: { community: 'news', pages: 3, get_sentiment: true } });
  const body = await r.json();
  console.log(r.status, Object.fromEntries(r.headers), JSON.stringify(body).slice(0, 600));
  expect(r.status).toBe(200);
});
