// The headers of the console's channel to the API server (lib/api/process/trusted-forwarding.ts): what the
// console sends on, and what the API removes before the gateway reads a request.
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { callerAddress, forwardedRequestHeaders } from '../forward-to-api-server';
import {
  FORWARDED_CLIENT_HEADER,
  FORWARD_SECRET_HEADER,
  stripInternalHeaders,
} from '@/lib/api/process/trusted-forwarding';

describe('forwardedRequestHeaders', () => {
  const client = new Headers({
    'x-api-key': 'ak_live_x',
    'accept-encoding': 'gzip, br',
    connection: 'keep-alive',
    'transfer-encoding': 'chunked',
    host: 'console.test',
    [FORWARDED_CLIENT_HEADER]: '203.0.113.1',
    [FORWARD_SECRET_HEADER]: 'guessed',
    'x-internal-other': 'y',
  });

  it("replaces any internal header the client wrote with the caller's address and the secret, and asks for an uncompressed answer", () => {
    const headers = forwardedRequestHeaders(client, '127.0.0.1:3001', {
      secret: 's3cret',
      clientAddress: '198.51.100.7',
    });
    expect(headers).toEqual({
      'x-api-key': 'ak_live_x',
      host: '127.0.0.1:3001',
      [FORWARDED_CLIENT_HEADER]: '198.51.100.7',
      [FORWARD_SECRET_HEADER]: 's3cret',
    });
  });

  it('sends no internal header without the internal listener', () => {
    expect(forwardedRequestHeaders(client, 'api.internal')).toEqual({ 'x-api-key': 'ak_live_x', host: 'api.internal' });
  });
});

describe('callerAddress', () => {
  it.each([
    ['203.0.113.9, 127.0.0.1', 1, '203.0.113.9'],
    ['203.0.113.9, 127.0.0.1', 0, '127.0.0.1'],
    // An entry that is no address: the connection's own, which the console server added.
    ['not-an-address, 127.0.0.1', 1, '127.0.0.1'],
    [null, 0, 'unknown'],
  ])('X-Forwarded-For %s with %i trusted hops: %s', (forwardedFor, hops, address) => {
    const headers = new Headers(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});
    expect(callerAddress(headers, hops)).toBe(address);
  });
});

describe('stripInternalHeaders', () => {
  it('removes both internal headers from the parsed and the raw headers, whatever their case', () => {
    const request = new IncomingMessage(new Socket());
    request.headers = { 'x-api-key': 'k', [FORWARDED_CLIENT_HEADER]: '203.0.113.1', [FORWARD_SECRET_HEADER]: 's' };
    request.rawHeaders = [
      'X-Api-Key',
      'k',
      'X-Internal-Client-Address',
      '203.0.113.1',
      'x-internal-forward-secret',
      's',
    ];
    stripInternalHeaders(request);
    expect(request.headers).toEqual({ 'x-api-key': 'k' });
    expect(request.rawHeaders).toEqual(['X-Api-Key', 'k']);
  });
});
