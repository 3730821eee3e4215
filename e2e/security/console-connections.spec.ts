// The console's own connections, under `npm start` (the real built console and API server). The e2e
// server trusts one proxy hop (TRUSTED_PROXY_HOPS=1), so a request's X-Forwarded-For stands for the
// client address a load balancer reported; the connections themselves come from other loopback
// addresses (127.0.0.x), as several proxy nodes' would.
import http from 'node:http';
import net from 'node:net';

import { expect, test } from '@playwright/test';

import { reuseAfterIdle } from '../../lib/testing/reuse-after-idle';
import { signUp, uniqueClientIp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { CONSOLE_PORT } from '../helpers/ports';

/** The console's cap of connections per address (CONSOLE_MAX_CONNECTIONS_PER_ADDRESS's default). */
const CONSOLE_PER_ADDRESS_CAP = 256;

interface SlowUpload {
  request: http.ClientRequest;
  /** Settles once the connection is open (or has failed). */
  connected: Promise<void>;
  /** The status the console answered with, if it answered; 'closed' if it closed unanswered. */
  status?: number | 'closed';
}

/**
 * A POST /v1/batch through the console that sends its headers and the start of its body, then
 * nothing more: a slow upload.
 */
function slowUpload(key: string, clientIp: string, localAddress: string): SlowUpload {
  const request = http.request({
    host: '127.0.0.1',
    port: CONSOLE_PORT,
    localAddress,
    method: 'POST',
    path: '/v1/batch',
    agent: false,
    headers: {
      'x-api-key': key,
      'x-forwarded-for': clientIp,
      'content-type': 'application/json',
      'content-length': '100000',
    },
  });
  const connected = new Promise<void>((resolve) => {
    request.once('socket', (socket) => socket.once('connect', resolve).once('close', resolve));
  });
  const upload: SlowUpload = { request, connected };
  request.on('response', (response) => {
    response.resume();
    upload.status = response.statusCode;
  });
  request.on('error', () => {});
  request.on('close', () => (upload.status ??= 'closed'));
  request.write('{"requests": [');
  return upload;
}

/** GET through the console on a connection from `localAddress`. */
function callFrom(
  localAddress: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: CONSOLE_PORT, localAddress, path, agent: false, headers }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      })
      .on('error', reject);
  });
}

test.describe("the console's connections", () => {
  // One flood at a time: 1,000 connections at once overflow the listen queue, which would delay
  // the other test's uploads by the kernel's retries.
  test.describe.configure({ mode: 'serial' });

  test("300 slow uploads from one client address do not jam another user's explorer calls", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signUp(page);
    const jammerKey = await createKey(page, 'slow uploads');
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signUp(other); // its calls carry another client address (signUp sets one)
    const otherKey = await createKey(other, 'explorer');

    const jammer = uniqueClientIp();
    // Three proxy nodes' connections, 100 each: under the console's own per-address cap, so all
    // 300 reach the API server as one client's calls.
    // Opened 50 at a time, so that the listen queue never overflows.
    const uploads: SlowUpload[] = [];
    const tally = () => {
      const counts: Record<string, number> = {};
      for (const u of uploads) counts[String(u.status ?? 'held')] = (counts[String(u.status ?? 'held')] ?? 0) + 1;
      return JSON.stringify(counts);
    };
    try {
      for (let i = 0; i < 300; i += 50) {
        const batch = Array.from({ length: 50 }, (_, j) =>
          slowUpload(jammerKey, jammer, `127.0.0.${11 + ((i + j) % 3)}`),
        );
        uploads.push(...batch);
        await Promise.all(batch.map((u) => u.connected));
      }
      // Once the client's uploads fill its cap at the API server, its next call is refused there.
      // (Before the fix they filled the cap of the console's own address, and every call got 503.)
      const probe = () =>
        callFrom('127.0.0.14', '/v1/account/verify', { 'x-api-key': jammerKey, 'x-forwarded-for': jammer });
      await expect
        .poll(async () => (await probe()).status, { timeout: 60_000 })
        .not.toBe(200)
        .catch((error: Error) => {
          throw new Error(`${error.message}\nthe uploads, by status: ${tally()}`);
        });
      const refused = await probe();
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'concurrency_limit_exceeded' });

      // The other user's explorer call, from the browser tab as the explorer sends it.
      const answer = await other.evaluate(async (key) => {
        const response = await fetch('/v1/forumsite/community?community=news', { headers: { 'X-API-Key': key } });
        return { status: response.status, body: await response.text() };
      }, otherKey);
      expect(answer.status, answer.body).toBe(200);

      // Of the client's own uploads, those answered so far were refused with 429, none failed.
      const answered = uploads.flatMap((u) => (u.status === undefined ? [] : [u.status]));
      expect(
        answered.filter((status) => status !== 429),
        tally(),
      ).toEqual([]);
    } finally {
      uploads.forEach((u) => u.request.destroy());
      await otherContext.close();
    }
  });

  test('caps 1,000 idle connections from one address and keeps serving other clients', async ({ request }) => {
    test.setTimeout(120_000);
    const sockets = await Promise.all(
      Array.from(
        { length: 1000 },
        () =>
          new Promise<{ socket: net.Socket; closed: boolean }>((resolve) => {
            const entry = {
              socket: net.connect({ host: '127.0.0.1', port: CONSOLE_PORT, localAddress: '127.0.0.21' }),
              closed: false,
            };
            entry.socket.on('close', () => (entry.closed = true));
            entry.socket.on('error', () => {});
            entry.socket.once('connect', () => {
              entry.socket.write('GET /sign-in HTTP/1.1\r\nHost: localhost\r\n'); // and never the blank line
              resolve(entry);
            });
            entry.socket.once('close', () => resolve(entry));
          }),
      ),
    );
    try {
      // The console closes those beyond its per-address cap at once (before the fix: none).
      await expect.poll(() => sockets.filter((s) => !s.closed).length).toBeLessThanOrEqual(CONSOLE_PER_ADDRESS_CAP);
      const page = await request.get('/sign-in');
      expect(page.status()).toBe(200);
    } finally {
      sockets.forEach((s) => s.socket.destroy());
    }
  });
});

test.describe("the console's idle keep-alive connections", () => {
  // Proxies and clients keep idle connections up to 60 s and reuse them; the console must not
  // close one first, or the reused connection gets no answer (a 502 behind a proxy).
  test('answers a connection reused after 10 s idle, and advertises a 65 s idle timeout', async () => {
    test.setTimeout(60_000);
    const outcome = await reuseAfterIdle({ port: CONSOLE_PORT, path: '/sign-in', idleMs: 10_000 });
    expect(outcome.second).toBe(200);
    expect(outcome.first).toEqual({ status: 200, keepAlive: 'timeout=65' });
  });
});
