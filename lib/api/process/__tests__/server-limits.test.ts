// The API server process under hostile clients: idle half-open connections and oversized batch
// bodies must not take it down or make it grow. A real server process on loopback.
import http from 'node:http';
import net from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_BODY_BYTES } from '../../gateway/batch';
import { freePort, killApiServers, residentBytes, startApiServer } from '../../__tests__/support/api-server-process';
import { newAccountWithKey, type TestAccount } from '../../__tests__/support/harness';

let port: number;
let server: ChildProcess;
let account: TestAccount;

beforeAll(async () => {
  port = await freePort();
  server = await startApiServer(port, { API_MAX_CONNECTIONS_PER_ADDRESS: '100' });
  account = await newAccountWithKey();
});
afterAll(killApiServers);

/** A connection from `localAddress` that sends half a request and then nothing. */
function halfOpen(localAddress: string): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress }, () => {
      socket.write('GET /v1/account/verify HTTP/1.1\r\nHost: api.test\r\n');
      resolve(socket);
    });
    socket.on('error', () => resolve(socket));
  });
}

/** POSTs a batch body streamed in 1 MB chunks until `totalBytes` or until the server answers. */
function postStreamed(
  totalBytes: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/v1/batch', headers: { 'x-api-key': account.key, ...headers } },
      (response) => {
        answered = true;
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body, sent }));
      },
    );
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(1 << 20, 0x20);
    const pump = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!answered && !headers['content-length']) request.end();
    };
    if (headers['content-length']) request.flushHeaders();
    else pump();
  });
}

describe('API server limits', () => {
  test('keeps answering real calls while one address holds many idle half-open connections', {
    timeout: 60_000,
  }, async () => {
    const sockets = await Promise.all(Array.from({ length: 400 }, () => halfOpen('127.0.0.2')));
    const closedByServer = sockets.filter((s) => s.destroyed || s.readyState !== 'open').length;
    await new Promise((r) => setTimeout(r, 200));
    const stillOpen = sockets.filter((s) => !s.destroyed && s.readyState === 'open').length;
    const response = await fetch(`http://127.0.0.1:${port}/v1/account/verify`, {
      headers: { 'x-api-key': account.key },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { valid: boolean }).valid).toBe(true);
    // The address got at most its cap; the rest were closed at once.
    expect(stillOpen).toBeLessThanOrEqual(100);
    expect(closedByServer + (400 - stillOpen)).toBeGreaterThanOrEqual(300);
    sockets.forEach((s) => s.destroy());
  });

  test('refuses a batch body whose Content-Length is over the limit without reading it', async () => {
    const { status, body, sent } = await postStreamed(600 << 20, { 'content-length': String(600 << 20) });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ code: 'payload_too_large' });
    expect(sent).toBe(0);
  });

  test('stops reading a streamed 200 MB batch body at the limit, without growing', { timeout: 60_000 }, async () => {
    const before = residentBytes(server.pid!);
    const { status, body, sent } = await postStreamed(200 << 20);
    const after = residentBytes(server.pid!);
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({
      code: 'payload_too_large',
      error: `Batch body must be at most ${MAX_BODY_BYTES} bytes`,
    });
    expect(sent).toBeLessThan(200 << 20);
    console.log(
      `200 MB batch body: refused after ${(sent / 2 ** 20).toFixed(0)} MB sent; server RSS ${(before / 2 ** 20).toFixed(1)} → ${(after / 2 ** 20).toFixed(1)} MiB`,
    );
    expect(after - before).toBeLessThan(16 * 2 ** 20);
  });
});
