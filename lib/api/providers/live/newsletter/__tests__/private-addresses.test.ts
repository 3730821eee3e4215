// A custom domain must not lead the newsletter adapter into the API's own
// network. The address a connection goes to is checked by that connection's own lookup (the
// agent's), not by an earlier lookup a DNS answer can contradict a moment later; and addresses
// that carry a private IPv4 address inside IPv6 (NAT64, 6to4), and 198.18.0.0/15, count as private.
import { createServer, type Server } from 'node:http';
import type { LookupAddress } from 'node:dns';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { createLiveShared, createLiveSource } from '../..';
import { isPrivateAddress, publicAddressLookup, SUBSTACK_BASE } from '../client';
import { newsletterAdapter } from '..';

describe('private addresses', () => {
  test.each([
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.254', 'benchmarking'],
    ['10.1.2.3', 'RFC 1918'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped'],
  ])('%s (%s) is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  test.each(['8.8.8.8', '198.20.0.1', '198.17.255.255', '2606:4700:4700::1111', '2001:db9::1'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe("the connection's own lookup", () => {
  const run = (answers: LookupAddress[], options: { all?: boolean; family?: number }) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) => {
      const lookup = publicAddressLookup((_host, callback) => callback(null, answers));
      lookup('pub.example.com', options, (error, address, family) => resolve({ error, address, family }));
    });

  test('hands the socket exactly the addresses it checked', async () => {
    const answers = [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07::1', family: 6 },
    ];
    expect(await run(answers, { all: true })).toMatchObject({ error: null, address: answers });
    expect(await run(answers, {})).toMatchObject({ error: null, address: '93.184.215.14', family: 4 });
    expect(await run(answers, { family: 6 })).toMatchObject({ address: '2606:2800:21f:cb07::1', family: 6 });
  });

  test('refuses every address when one is private', async () => {
    const { error } = await run(
      [
        { address: '93.184.215.14', family: 4 },
        { address: '64:ff9b::a00:1', family: 6 },
      ],
      { all: true },
    );
    expect(error?.code).toBe('EPRIVATEADDRESS');
  });
});

describe('the newsletter platform client', () => {
  let server: Server;
  let port: number;
  let requests = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests++;
      response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function ask(baseUrl: string) {
    const settings = { LIVE_USER_AGENT: 'test-agent/1 (ops@example.test)', LIVE_CACHE_SECONDS: '0' };
    const shared = createLiveShared(settings, () => {});
    const { platform } = createLiveSource(newsletterAdapter, baseUrl, settings, shared);
    try {
      return await platform.request({
        // localhost: a host name the connection itself must resolve (to 127.0.0.1 or ::1).
        baseUrl: `http://localhost:${port}`,
        path: '/api/v1/archive',
        signal: new AbortController().signal,
      });
    } finally {
      await platform.close();
      await shared.close();
    }
  }

  test('on Substack, never connects to a host that resolves to this machine', async () => {
    const before = requests;
    await expect(ask(SUBSTACK_BASE)).rejects.toMatchObject({ code: 'upstream_error' });
    expect(requests).toBe(before);
  });

  test('under another LIVE_NEWSLETTER_URL (a proxy, the replay server) connects as the operator chose', async () => {
    const before = requests;
    expect(await ask(`http://localhost:${port}`)).toMatchObject({ status: 200 });
    expect(requests).toBe(before + 1);
  });
});
