// The API server's operator surface, on real server processes: /healthz and /readyz outside /v1
// (no key, not billed), Prometheus metrics on METRICS_PORT (cluster workers summed), and the JSON
// log with request ids and without keys.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { checkReadiness, expectedMigrations } from '@/lib/observability/readiness';
import { freePort, killApiServers, startApiServer } from '../../__tests__/support/api-server-process';
import { newAccountWithKey } from '../../__tests__/support/harness';

afterAll(killApiServers);

/** Every line the server writes to stdout from now on. */
function collectStdout(server: ChildProcess): string[] {
  const lines: string[] = [];
  let rest = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop()!;
    lines.push(...parts.filter(Boolean));
  });
  return lines;
}

describe('health and readiness', () => {
  test('/healthz answers 200 and /readyz 200 with every check ok, without a key and without billing', async () => {
    const port = await freePort();
    await startApiServer(port);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-billed-units')).toBeNull();
  });

  test('HEAD /healthz and HEAD /readyz are answered, without a body', async () => {
    const port = await freePort();
    await startApiServer(port);
    for (const path of ['/healthz', '/readyz']) {
      const head = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(head.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await head.text(), path).toBe('');
    }
  });

  test('/readyz answers 503 naming the database, not its address, when PostgreSQL is unreachable; the reason is logged', async () => {
    const port = await freePort();
    const closed = await freePort(); // nothing listens there
    const server = await startApiServer(port, { DATABASE_URL: `postgresql://postgres@127.0.0.1:${closed}/none` });
    const lines = collectStdout(server);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    const text = await ready.text();
    expect(JSON.parse(text)).toEqual({ status: 'not ready', checks: { database: 'failed', migrations: 'failed' } });
    expect(text).not.toContain(String(closed));
    await expect.poll(() => lines.find((line) => line.includes('/readyz'))).toBeDefined();
    const logged = lines.find((line) => line.includes('/readyz'))!;
    expect(logged).toContain(`127.0.0.1:${closed}`);
    expect(logged).toContain('migrations: unknown (database unreachable)');
  });

  test('/readyz answers 503 naming Redis when REDIS_URL points where nothing answers', async () => {
    const port = await freePort();
    const closed = await freePort();
    await startApiServer(port, { REDIS_URL: `redis://127.0.0.1:${closed}` });
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'failed' },
    });
  });

  test('readiness names the migrations the database has not applied', async () => {
    const all = expectedMigrations();
    expect(all.length).toBeGreaterThan(1);
    const someApplied = async () =>
      (await db.$queryRawUnsafe<{ migration_name: string }[]>('SELECT migration_name FROM _prisma_migrations')).filter(
        (r) => r.migration_name !== all.at(-1),
      );
    const result = await checkReadiness({ query: someApplied });
    expect(result.ready).toBe(false);
    expect(result.checks).toEqual({ database: 'ok', migrations: `1 not applied (npm run db:migrate): ${all.at(-1)}` });
  });
});

describe('metrics', () => {
  test('a call is counted by endpoint and status on METRICS_PORT', async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    await startApiServer(port, { METRICS_PORT: String(metricsPort) });
    const account = await newAccountWithKey();
    expect(
      (
        await fetch(`http://127.0.0.1:${port}/v1/socialnet/locations?query=paris`, {
          headers: { 'x-api-key': account.key },
        })
      ).status,
    ).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/v1/socialnet/locations?query=paris`)).status).toBe(401);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(text).toContain('api_requests_total{endpoint="/v1/socialnet/locations",status="200"} 1');
    expect(text).toContain('api_requests_total{endpoint="/v1/socialnet/locations",status="401"} 1');
    expect(text).toContain('api_request_duration_seconds_count{endpoint="/v1/socialnet/locations"} 2');
    expect(text).toMatch(/billing_batch_calls_count 1\b/);
    expect(text).toMatch(/billing_writer_lag_seconds_count 1\b/);
  });

  test("the cluster primary serves the sum of its workers' counts", async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    await startApiServer(port, { METRICS_PORT: String(metricsPort), API_WORKERS: '2' });
    // Fresh connections each, so the primary hands them to both workers in turn.
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/v1/socialnet/locations`, {
        headers: { connection: 'close' },
      });
      expect(response.status).toBe(401);
    }
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(text).toContain('api_requests_total{endpoint="/v1/socialnet/locations",status="401"} 4');
  });
});

describe('logs', () => {
  test('a request line carries the request id and never the API key, in the header or in the query', async () => {
    const port = await freePort();
    const server = await startApiServer(port, { LOG_LEVEL: 'debug', LOG_FORMAT: 'json' });
    const lines = collectStdout(server);
    const account = await newAccountWithKey();
    const answered = await fetch(`http://127.0.0.1:${port}/v1/socialnet/locations?query=paris`, {
      headers: { 'x-api-key': account.key },
    });
    expect(answered.status).toBe(200);
    // A key passed as a parameter by mistake (refused as an unknown parameter), and a key the server does not know.
    const mistaken = await fetch(`http://127.0.0.1:${port}/v1/socialnet/locations?query=paris&api_key=${account.key}`, {
      headers: { 'x-api-key': account.key },
    });
    const unknownKey = `${account.key.slice(0, -4)}0000`;
    const refused = await fetch(`http://127.0.0.1:${port}/v1/socialnet/locations?query=paris`, {
      headers: { 'x-api-key': unknownKey },
    });
    expect(refused.status).toBe(401);
    const requestId = answered.headers.get('x-request-id')!;
    await expect.poll(() => lines.some((l) => l.includes(requestId))).toBe(true);
    const line = JSON.parse(lines.find((l) => l.includes(requestId))!) as Record<string, unknown>;
    expect(line).toMatchObject({
      msg: 'request',
      requestId,
      status: 200,
      endpoint: '/v1/socialnet/locations',
      path: '/v1/socialnet/locations',
    });
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
    for (const response of [mistaken, refused]) {
      await expect.poll(() => lines.some((l) => l.includes(response.headers.get('x-request-id')!))).toBe(true);
    }
    const log = lines.join('\n');
    for (const key of [account.key, unknownKey]) {
      expect(log).not.toContain(key);
      expect(log).not.toContain(key.slice(-16));
    }
  });
});
