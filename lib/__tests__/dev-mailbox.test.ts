// /dev/mailbox (every reset and verification link) is on only on a developer machine, and served
// only to clients on this machine, whatever they write in X-Forwarded-For.
import { describe, expect, it } from 'vitest';

import { onEmbeddedDatabase } from '@/lib/db/embedded-default';
import { devMailboxEnabled, isLoopbackAddress, isLoopbackHost, mailboxClientAllowed } from '@/lib/dev-mailbox';

describe('devMailboxEnabled', () => {
  it.each([
    ['the embedded database without SMTP', { devMailbox: undefined, embeddedDatabase: true, smtpUrl: undefined }, true],
    [
      'the embedded database with SMTP',
      { devMailbox: undefined, embeddedDatabase: true, smtpUrl: 'smtp://mail:25' },
      false,
    ],
    [
      "an operator's DATABASE_URL without SMTP",
      { devMailbox: undefined, embeddedDatabase: false, smtpUrl: undefined },
      false,
    ],
    ['an explicit DEV_MAILBOX=true', { devMailbox: 'true', embeddedDatabase: false, smtpUrl: undefined }, true],
    [
      'an explicit DEV_MAILBOX=false on the embedded database',
      { devMailbox: 'false', embeddedDatabase: true, smtpUrl: undefined },
      false,
    ],
  ])('with %s: %s', (_, options, enabled) => {
    expect(devMailboxEnabled(options)).toBe(enabled);
  });
});

describe('onEmbeddedDatabase', () => {
  const embedded = 'postgresql://app:secret@127.0.0.1:45001/app';
  it('is true without DATABASE_URL, and for the embedded server a parent scripts/run.ts passed on', () => {
    expect(onEmbeddedDatabase({})).toBe(true);
    expect(onEmbeddedDatabase({ DATABASE_URL: '' })).toBe(true);
    expect(onEmbeddedDatabase({ DATABASE_URL: embedded, EMBEDDED_DATABASE_URL: embedded })).toBe(true);
  });

  it("is false for an operator's DATABASE_URL, also beside a stale marker", () => {
    expect(onEmbeddedDatabase({ DATABASE_URL: 'postgresql://db.internal/app' })).toBe(false);
    expect(onEmbeddedDatabase({ DATABASE_URL: 'postgresql://db.internal/app', EMBEDDED_DATABASE_URL: embedded })).toBe(
      false,
    );
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '127.255.255.254',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::1]',
    ' 127.0.0.1 ',
  ])('takes %s for this machine', (address) => expect(isLoopbackAddress(address)).toBe(true));

  it.each([
    '10.0.0.1',
    '192.0.2.2',
    '128.0.0.1',
    '0.0.0.0',
    '::',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fd00::2',
    'localhost',
    'unknown',
    '',
    null,
    undefined,
  ])('does not take %s for this machine', (address) => expect(isLoopbackAddress(address)).toBe(false));

  it('takes only loopback interfaces for a dev server that serves nobody else', () => {
    expect(['127.0.0.1', '::1', 'localhost'].map(isLoopbackHost)).toEqual([true, true, true]);
    expect(['0.0.0.0', '::', '192.0.2.2'].map(isLoopbackHost)).toEqual([false, false, false]);
  });
});

describe('mailboxClientAllowed', () => {
  // The console server appends the connection's address to X-Forwarded-For (the right-most entry).
  it('serves a direct connection from this machine, over IPv4 or IPv6', () => {
    expect(mailboxClientAllowed('127.0.0.1', 0)).toBe(true);
    expect(mailboxClientAllowed('::1', 0)).toBe(true);
    expect(mailboxClientAllowed('::ffff:127.0.0.1', 0)).toBe(true);
  });

  it('refuses a connection from elsewhere that claims loopback in its own X-Forwarded-For', () => {
    expect(mailboxClientAllowed('203.0.113.7', 0)).toBe(false);
    expect(mailboxClientAllowed('127.0.0.1, 203.0.113.7', 0)).toBe(false);
    expect(mailboxClientAllowed('::1, ::ffff:203.0.113.7', 0)).toBe(false);
  });

  it('with a trusted proxy, serves only what the proxy reports as loopback, through a proxy on loopback', () => {
    expect(mailboxClientAllowed('127.0.0.1, 127.0.0.1', 1)).toBe(true);
    expect(mailboxClientAllowed('10.1.2.3, 127.0.0.1', 1)).toBe(false);
    // A forged left part is not what the proxy reported.
    expect(mailboxClientAllowed('127.0.0.1, 10.1.2.3, 127.0.0.1', 1)).toBe(false);
  });

  it('refuses a client elsewhere behind a proxy on this machine that TRUSTED_PROXY_HOPS does not count', () => {
    // nginx on loopback appended the real client; the console sees only the proxy's connection.
    expect(mailboxClientAllowed('203.0.113.5, 127.0.0.1', 0)).toBe(false);
    // A client's own entries to the left count too: a request from this machine does not write them.
    expect(mailboxClientAllowed('10.9.8.7, 127.0.0.1, 127.0.0.1', 1)).toBe(false);
  });

  it('refuses a client elsewhere when TRUSTED_PROXY_HOPS claims a proxy that is not there', () => {
    expect(mailboxClientAllowed('127.0.0.1, 203.0.113.7', 1)).toBe(false);
    expect(mailboxClientAllowed('127.0.0.1, 127.0.0.1, 203.0.113.7', 2)).toBe(false);
  });

  it('serves a request from this machine that came straight past a configured proxy', () => {
    // Fewer entries than the trusted hops: only the connection's own address, which is loopback.
    expect(mailboxClientAllowed('::1', 1)).toBe(true);
  });

  it('refuses a request without an address or with a name instead of one', () => {
    expect(mailboxClientAllowed(null, 0)).toBe(false);
    expect(mailboxClientAllowed('', 0)).toBe(false);
    expect(mailboxClientAllowed('localhost', 0)).toBe(false);
  });
});
