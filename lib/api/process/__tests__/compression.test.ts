// Compressed answers from the production API server, read as raw bytes off the socket (fetch
// would undo the encoding): Brotli or gzip as negotiated for bodies of 1 KB and more, the same JSON
// once decoded, the same billing headers, and small bodies and clients that ask for nothing
// answered as they are.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { freePort, killApiServers, startApiServer } from '../../__tests__/support/api-server-process';
import { newAccountWithKey, type TestAccount } from '../../__tests__/support/harness';

let port: number;
let account: TestAccount;
beforeAll(async () => {
  port = await freePort();
  await startApiServer(port);
  account = await newAccountWithKey({ payment: 'invoice' });
});
afterAll(() => killApiServers());

function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, raw: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const decode = (raw: Buffer, encoding: string | undefined) =>
  JSON.parse(
    (encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw).toString(
      'utf8',
    ),
  );

const large = '/v1/forumsite/community/posts?community=compression&pages=5';

describe('response compression', () => {
  test.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
  ])(
    'Accept-Encoding %j answers a large body with %s, the same JSON and bill as uncompressed',
    async (accept, encoding) => {
      const plain = await get(large, { 'x-api-key': account.key });
      const packed = await get(large, { 'x-api-key': account.key, 'accept-encoding': accept });
      expect(plain.status).toBe(200);
      expect(packed.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.raw.length).toBeLessThan(plain.raw.length / 4);
      expect(decode(packed.raw, encoding)).toEqual(decode(plain.raw, undefined));
      for (const name of ['x-billed-units', 'x-billed-amount-micros', 'access-control-allow-origin']) {
        expect(packed.headers[name]).toBe(plain.headers[name]);
      }
      // Compression changes the bytes, not the bill: each call is one event of 5 units.
      const events = await db.usageEvent.findMany({
        where: { id: { in: [plain.headers['x-request-id'], packed.headers['x-request-id']] as string[] } },
      });
      expect(events.map((e) => e.units)).toEqual([5, 5]);
    },
  );

  test('leaves bodies under 1 KB and clients that accept only identity uncompressed', async () => {
    const small = await get('/v1/account/verify', { 'x-api-key': account.key, 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.raw.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(decode(small.raw, undefined)).toMatchObject({ valid: true });

    const identity = await get(large, { 'x-api-key': account.key, 'accept-encoding': 'identity, br;q=0, gzip;q=0' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(decode(identity.raw, undefined).posts.length).toBeGreaterThan(0);
  });

  test('serves the OpenAPI document compressed, the same document as uncompressed', async () => {
    const plain = await get('/v1/openapi.json', {});
    const packed = await get('/v1/openapi.json', { 'accept-encoding': 'br' });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.raw.length).toBeLessThan(plain.raw.length / 5);
    expect(decode(packed.raw, 'br')).toEqual(decode(plain.raw, undefined));
  });
});
