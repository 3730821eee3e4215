// Clients and proxies keep idle connections to the API server in their pools and reuse them
// after a pause (nginx and cloud load balancers for 60 s by default). The server must keep an
// idle keep-alive connection open longer than they do, or a reused connection is closed under
// the client: no answer, and a 502 from a proxy. A real server process with its default settings.
import { afterAll, describe, expect, test } from 'vitest';
import { reuseAfterIdle } from '@/lib/testing/reuse-after-idle';
import { freePort, killApiServers, startApiServer } from '../../__tests__/support/api-server-process';

afterAll(killApiServers);

describe('idle keep-alive connections to the API server', () => {
  test('answers a connection reused after 10 s idle, and advertises a 65 s idle timeout', {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    await startApiServer(port, {
      API_KEEP_ALIVE_TIMEOUT_MS: '',
      API_HEADERS_TIMEOUT_MS: '',
      API_REQUEST_TIMEOUT_MS: '',
    });
    const outcome = await reuseAfterIdle({ port, path: '/healthz', idleMs: 10_000 });
    expect(outcome.second).toBe(200);
    expect(outcome.first).toEqual({ status: 200, keepAlive: 'timeout=65' });
  });
});
