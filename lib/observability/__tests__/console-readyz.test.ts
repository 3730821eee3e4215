// The console's GET /readyz (app/readyz/route.ts), called as Next calls it, with REDIS_URL
// pointing where nothing listens: 503 naming the failed check, its reason (host and port) only in
// the log. Sets process.env, so it runs in its own module
// registry (vitest.config.ts).
import { createServer } from 'node:net';

import { expect, test, vi } from 'vitest';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const port = await closedPort();
process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
const { GET } = await import('@/app/readyz/route');
const { logger } = await import('@/lib/observability/logger');

test('answers 503 naming the failed check, and logs its reason instead of answering it', async () => {
  const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
  const response = await GET();
  expect(response.status).toBe(503);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({
    status: 'not ready',
    checks: { database: 'ok', migrations: 'ok', redis: 'failed' },
  });
  expect(text).not.toContain(String(port));
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0]![0])).toMatch(/^console \/readyz: not ready: redis: /);
});
