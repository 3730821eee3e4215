import { describe, expect, it } from 'vitest';

import { appendForwardedFor, clientAddress } from '../client-address';

describe('clientAddress', () => {
  it.each([
    // [X-Forwarded-For as the app sees it, trusted hops, client address]
    ['127.0.0.1', 0, '127.0.0.1'],
    // A client writing its own header gains nothing: the server appended the real address.
    ['203.0.113.9, 127.0.0.1', 0, '127.0.0.1'],
    ['198.51.100.1, 198.51.100.2, 10.0.0.5', 0, '10.0.0.5'],
    // Behind one proxy, the entry it appended is the client; anything left of it is the client's.
    ['203.0.113.9, 10.0.0.2', 1, '203.0.113.9'],
    ['198.51.100.1, 203.0.113.9, 10.0.0.2', 1, '203.0.113.9'],
    ['198.51.100.1, 203.0.113.9, 10.0.0.3, 10.0.0.2', 2, '203.0.113.9'],
    // Fewer entries than hops: a request that came round the proxy; the left-most is all there is.
    ['10.0.0.2', 1, '10.0.0.2'],
    ['2001:db8::7, ::1', 1, '2001:db8::7'],
    ['::ffff:192.0.2.4', 0, '192.0.2.4'],
    ['not-an-address, 10.0.0.2', 1, null],
    ['', 0, null],
    [' , ', 0, null],
  ] as const)('%j with %i trusted hops → %j', (forwardedFor, hops, expected) => {
    expect(clientAddress(forwardedFor, hops)).toBe(expected);
  });

  it('is null without the header', () => {
    expect(clientAddress(null, 0)).toBeNull();
    expect(clientAddress(undefined, 1)).toBeNull();
  });
});

describe('appendForwardedFor', () => {
  it('appends the connection address as the right-most entry', () => {
    expect(appendForwardedFor(undefined, '127.0.0.1')).toBe('127.0.0.1');
    expect(appendForwardedFor('', '127.0.0.1')).toBe('127.0.0.1');
    expect(appendForwardedFor('203.0.113.9', '::1')).toBe('203.0.113.9, ::1');
    expect(appendForwardedFor('203.0.113.9', undefined)).toBe('203.0.113.9');
  });

  it('makes a forged header useless when no proxy is trusted', () => {
    expect(clientAddress(appendForwardedFor('198.51.100.77', '192.0.2.1'), 0)).toBe('192.0.2.1');
  });
});
