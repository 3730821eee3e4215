// One account must not jam the console's /v1 for everyone: every console call reaches the API server
// from 127.0.0.1, so a cap on that address would be shared by all. The console passes each caller's
// address over the API's internal listener, proven by a shared secret, and the API caps requests
// in flight per caller address. A real API server
// process on the test database; the console's forwarder called as its /v1 route calls it.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, killApiServers, startApiServer } from '../../__tests__/support/api-server-process';
import { newAccountWithKey, type TestAccount } from '../../__tests__/support/harness';
import { forwardToApiServer, type ForwardingOptions } from '@/lib/console/forward-to-api-server';
import { FORWARDED_CLIENT_HEADER, FORWARD_SECRET_HEADER } from '../trusted-forwarding';

const CAP = 3;
const secret = randomBytes(32).toString('base64url');
const directory = mkdtempSync(join(tmpdir(), 'trusted-forwarding-'));
const socketPath = join(directory, 'api.sock');
let port: number;
let attacker: TestAccount;
let other: TestAccount;
const held: http.ClientRequest[] = [];

beforeAll(async () => {
  port = await freePort();
  await startApiServer(port, {
    API_INTERNAL_SOCKET: socketPath,
    API_INTERNAL_SECRET: secret,
    API_MAX_CONNECTIONS_PER_ADDRESS: String(CAP),
  });
  [attacker, other] = await Promise.all([
    newAccountWithKey({ payment: 'none' }),
    newAccountWithKey({ payment: 'none' }),
  ]);
});
afterAll(() => {
  held.forEach((request) => request.destroy());
  killApiServers();
  rmSync(directory, { recursive: true, force: true });
});

/**
 * A batch upload on the internal listener that sends its headers and then nothing, as a slow
 * client's does. Resolves once the API server has taken the request in: it sends 100 Continue
 * in the same turn as it hands the request to its listener, which counts it (a lone process
 * counts in memory, at once).
 */
function holdUpload(clientAddress: string, socket = socketPath): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      socketPath: socket,
      method: 'POST',
      path: '/v1/batch',
      agent: false,
      headers: {
        'x-api-key': attacker.key,
        'content-type': 'application/json',
        'content-length': '1000',
        expect: '100-continue',
        [FORWARD_SECRET_HEADER]: secret,
        [FORWARDED_CLIENT_HEADER]: clientAddress,
      },
    });
    request.on('error', () => {}); // destroyed at the end
    request.once('continue', () => {
      request.write('{"requests": [');
      resolve(request);
    });
    request.once('response', (response) => reject(new Error(`the upload was answered ${response.statusCode}`)));
    held.push(request);
  });
}

/** GET over the internal listener with the given internal headers. */
function internalGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: { code?: string; error?: string; valid?: boolean } }> {
  return new Promise((resolve, reject) => {
    http
      .get({ socketPath, path, agent: false, headers }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      })
      .on('error', reject);
  });
}

const consoleForwarding = (): ForwardingOptions => ({ socketPath, secret, trustedProxyHops: 1 });

/** A /v1 call through the console's forwarder, from `clientAddress` behind one trusted proxy. */
function throughConsole(key: string, clientAddress: string, extra: Record<string, string> = {}): Promise<Response> {
  const request = new Request('http://console.test/v1/account/verify', {
    // As the console server sees it: the proxy's entry, then the connection's own address.
    headers: { 'x-api-key': key, 'x-forwarded-for': `${clientAddress}, 127.0.0.1`, ...extra },
  });
  return forwardToApiServer(request, `http://127.0.0.1:${port}`, consoleForwarding());
}

describe("the console passes the caller's address to the API server", () => {
  const jammer = '198.51.100.7';
  beforeAll(async () => {
    for (let i = 0; i < CAP; i++) await holdUpload(jammer);
  });

  test('one address holding its cap of slow uploads is refused with 429, and another caller through the console is served', async () => {
    const refused = await throughConsole(attacker.key, jammer);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      error: `Too many simultaneous requests from your address (at most ${CAP}): wait for some to finish`,
      code: 'concurrency_limit_exceeded',
    });
    const served = await throughConsole(other.key, '203.0.113.20');
    expect(served.status).toBe(200);
    expect(((await served.json()) as { valid: boolean }).valid).toBe(true);
  });

  test("a client's own internal headers are replaced by the console: claiming another address or the secret gains nothing", async () => {
    const forged = await throughConsole(attacker.key, jammer, {
      [FORWARDED_CLIENT_HEADER]: '203.0.113.21',
      [FORWARD_SECRET_HEADER]: 'guessed',
    });
    expect(forged.status).toBe(429);
  });

  test('ignores the internal headers from an outside client on the public port, even with the right secret', async () => {
    // Were they believed, this call would count as the jammed address and be refused.
    for (const forgedSecret of ['wrong', secret]) {
      const response = await fetch(`http://127.0.0.1:${port}/v1/account/verify`, {
        headers: { 'x-api-key': other.key, [FORWARDED_CLIENT_HEADER]: jammer, [FORWARD_SECRET_HEADER]: forgedSecret },
      });
      expect(response.status).toBe(200);
    }
  });

  test('a refused upload still being sent gets the 429, not a 503', async () => {
    // The body keeps coming while the API refuses it: the forwarder must read the answer rather
    // than fail on the connection the refusal ended.
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 64) controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
        else controller.close();
      },
    });
    const request = new Request('http://console.test/v1/batch', {
      method: 'POST',
      headers: {
        'x-api-key': attacker.key,
        'content-type': 'application/json',
        'x-forwarded-for': `${jammer}, 127.0.0.1`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await forwardToApiServer(request, `http://127.0.0.1:${port}`, consoleForwarding());
    expect(response.status).toBe(429);
    expect(((await response.json()) as { code: string }).code).toBe('concurrency_limit_exceeded');
  });

  test('frees the address once one of its requests ends', async () => {
    held.shift()!.destroy();
    await expect.poll(async () => (await throughConsole(attacker.key, jammer)).status).toBe(200);
  });
});

describe("the console's forwarder", () => {
  test('counts a slow upload at the API from its headers on, before any of its body arrives', async () => {
    const slowClient = '198.51.100.8';
    const uploads = Array.from({ length: CAP }, () => {
      const aborted = new AbortController();
      const request = new Request('http://console.test/v1/batch', {
        method: 'POST',
        headers: {
          'x-api-key': attacker.key,
          'content-type': 'application/json',
          'x-forwarded-for': `${slowClient}, 127.0.0.1`,
        },
        body: new ReadableStream<Uint8Array>({ start() {} }), // a body that never comes
        signal: aborted.signal,
        duplex: 'half',
      } as RequestInit);
      const answered = forwardToApiServer(request, `http://127.0.0.1:${port}`, consoleForwarding()).catch(() => null);
      return { aborted, answered };
    });
    try {
      await expect.poll(async () => (await throughConsole(attacker.key, slowClient)).status).toBe(429);
    } finally {
      uploads.forEach((u) => u.aborted.abort());
    }
    await Promise.all(uploads.map((u) => u.answered));
    await expect.poll(async () => (await throughConsole(attacker.key, slowClient)).status).toBe(200);
  });
});

describe("the console's forwarder, what it passes on", () => {
  test('an answer the browser could take compressed comes back uncompressed, for Next to serve', async () => {
    const request = new Request('http://console.test/v1/openapi.json', {
      headers: { 'accept-encoding': 'gzip, deflate, br', 'x-forwarded-for': '203.0.113.30, 127.0.0.1' },
    });
    const response = await forwardToApiServer(request, `http://127.0.0.1:${port}`, consoleForwarding());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(((await response.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });
});

describe('the count per caller address with several API workers', () => {
  const clusterSocket = join(directory, 'cluster.sock');
  beforeAll(async () => {
    await startApiServer(await freePort(), {
      API_WORKERS: '2',
      API_INTERNAL_SOCKET: clusterSocket,
      API_INTERNAL_SECRET: secret,
      API_MAX_CONNECTIONS_PER_ADDRESS: String(CAP),
    });
  }, 60_000);

  test('is exact across the workers: the uploads of one address, spread over both, fill its one cap', async () => {
    const spread = '198.51.100.9';
    // Each upload is a connection of its own, handed to the workers in turn (2 + 1).
    for (let i = 0; i < CAP; i++) await holdUpload(spread, clusterSocket);
    const call = () =>
      forwardToApiServer(
        new Request('http://console.test/v1/account/verify', {
          headers: { 'x-api-key': other.key, 'x-forwarded-for': `${spread}, 127.0.0.1` },
        }),
        'http://127.0.0.1:1',
        { socketPath: clusterSocket, secret, trustedProxyHops: 1 },
      );
    // The primary counts for both workers; a worker's acquire is answered over IPC, hence the poll.
    await expect.poll(async () => (await call()).status).toBe(429);
  });
});

describe('the internal listener', () => {
  test.each([
    ['without the secret', {}],
    ['with a wrong secret', { [FORWARD_SECRET_HEADER]: 'x'.repeat(43) }],
  ])('refuses a request %s with 403', async (_label, headers) => {
    const { status, body } = await internalGet('/v1/account/verify', {
      'x-api-key': other.key,
      [FORWARDED_CLIENT_HEADER]: '203.0.113.22',
      ...headers,
    });
    expect(status).toBe(403);
    expect(body).toEqual({
      error: 'This listener serves the console only: missing or wrong forwarding secret',
      code: 'forbidden',
    });
  });

  test('serves a request with the secret, counting it as the forwarded address', async () => {
    const { status, body } = await internalGet('/v1/account/verify', {
      'x-api-key': other.key,
      [FORWARD_SECRET_HEADER]: secret,
      [FORWARDED_CLIENT_HEADER]: '203.0.113.23',
    });
    expect(status).toBe(200);
    expect(body.valid).toBe(true);
  });
});
