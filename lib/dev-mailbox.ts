// Who may read /dev/mailbox, the page that lists every mail the console kept (reset and
// verification links included): reading it is taking over any account, so it is on only on a
// developer machine and only for this machine's own clients.
import { BlockList, isIP } from 'node:net';

import { clientAddress } from './http/client-address';

/**
 * Whether the mailbox is on. An explicit DEV_MAILBOX decides (`true` is the tests' and a
 * developer's choice, still for loopback clients only); unset, it is on only for the fresh-machine
 * default: the embedded database and no SMTP server. A DATABASE_URL of the operator's never turns
 * it on by itself.
 */
export function devMailboxEnabled(options: {
  devMailbox: string | undefined;
  embeddedDatabase: boolean;
  smtpUrl: string | undefined;
}): boolean {
  if (options.devMailbox === 'true' || options.devMailbox === 'false') return options.devMailbox === 'true';
  return options.embeddedDatabase && !options.smtpUrl;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 or ::1, in any spelling (::ffff:127.0.0.1, ::ffff:7f00:1, 0:0:0:0:0:0:0:1, [::1]). */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  const bare = address?.trim().replace(/^\[(.*)\]$/, '$1') ?? '';
  const family = isIP(bare);
  return family !== 0 && loopback.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether a request to the mailbox comes from this machine: the client's address as the console
 * computes it (TRUSTED_PROXY_HOPS, lib/http/client-address.ts) is loopback, and so is every
 * other entry of X-Forwarded-For, the connection's own address (which the console server appends)
 * included. So a client elsewhere is refused whatever it writes in the header, also through a
 * proxy on this machine that TRUSTED_PROXY_HOPS does not count, or one it claims but is not there.
 */
export function mailboxClientAllowed(forwardedFor: string | null | undefined, trustedHops: number): boolean {
  const entries = (forwardedFor ?? '').split(',').map((entry) => entry.trim());
  return isLoopbackAddress(clientAddress(forwardedFor, trustedHops)) && entries.every(isLoopbackAddress);
}

/**
 * `next dev` (npm run dev) keeps a client's own X-Forwarded-For (only the console server of
 * `npm start` appends the connection's address), so there the loopback check holds only when the
 * server listens on loopback alone.
 */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}
