import { afterAll, beforeAll, test } from 'vitest';
import { newAccountWithKey, startTestApi, type TestApi } from './harness';
let api: TestApi;
beforeAll(async () => { api = await startTestApi(); });
afterAll(async () => { await api.close(); });
test('probe', async () => {
  const a = await newAccountWithKey({ payment: 'invoice' });
  for (const p of [
    '/v1/socialnet/locations?query=%20%20',
    '/v1/socialnet/locations?query=&query=Lisbon',
    '/v1/socialnet/locations?query=Lisbon&query=',
    '/v1/socialnet/locations?query=Lisbon&__proto__=1',
    '/v1/socialnet/locations?query=Lisbon&constructor=1',
    '/v1/socialnet/locations?query=%00',
    '/v1/textthreads/user/posts?username=%40',
    '/v1/textthreads/user/posts?username=%20',
    '/v1/forumsite/community?community=r%2F',
    '/v1/videosite/channel?name=%40',
    '/v1/photonet/user?username=%40',
    '/v1/clipnet/user/videos?username=%40',
    '/v1/shop/products?query=x&min_price=5&max_price=1',
    '/v1/shop/products/',
    '/v1/openmicro/posts?query=x&start_date=2026-02-30',
    '/v1/openmicro/posts?query=x&start_date=2026-03-01&end_date=2026-02-01',
    '/v1/news/articles?query=x&limit=100',
  ]) {
    const r = await api.get(p, { key: a.key });
    console.log(p, r.status, (await r.text()).slice(0, 200));
  }
});
