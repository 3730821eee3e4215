// The per-account concurrency limit holds across both places /v1 is served under `npm start`:
// the console's origin forwards to the API server, so the two do not count on their own.
import { expect, test } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { API_PORT, CONSOLE_PORT } from '../helpers/ports';

test('serves at most 10 of 30 simultaneous calls to one endpoint, split across the console and the API server', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const key = await createKey(page);
  // flair=sandbox_slow holds each call about 3 s upstream, so the 30 are in flight together.
  const path = '/v1/forumsite/community/posts?community=news&flair=sandbox_slow';
  const origins = [`http://localhost:${CONSOLE_PORT}`, `http://localhost:${API_PORT}`];
  const calls = await Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const response = await request.get(`${origins[i % 2]}${path}`, {
        headers: { 'X-API-Key': key },
        timeout: 60_000,
      });
      return { response, finished: Date.now() };
    }),
  );
  const responses = calls.map((c) => c.response);
  const statuses = responses.map((r) => r.status());
  // Served calls that finished within 2 s of each other were held upstream together (each is held
  // 3 s): never more than 10. On a loaded machine the burst can reach the server spread over
  // more than 3 s, and a later wave is then rightly served once the first has finished.
  const finished = calls.filter((c) => c.response.status() === 200).map((c) => c.finished);
  expect(finished.length).toBeGreaterThan(0);
  const together = Math.max(...finished.map((t) => finished.filter((u) => u >= t && u - t < 2000).length));
  expect(together).toBeLessThanOrEqual(10);
  expect(statuses).toContain(429);
  expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
  for (const response of responses.filter((r) => r.status() === 429)) {
    expect((await response.json()).code).toBe('concurrency_limit_exceeded');
  }
});
