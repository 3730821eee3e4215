// Which address a request came from, for the per-address sign-in throttle. X-Forwarded-For is a
// list each proxy appends to, so its left part is whatever the client wrote: only the entries that
// trusted hops added may be believed. The console server (scripts/console-server.ts) appends the
// connection's own address, as a proxy would, so the right-most entry is always one it saw; each
// trusted proxy in front (TRUSTED_PROXY_HOPS) vouches for one more entry to its left.
import { isIP } from 'node:net';

/** Adds the connection's address to a request's X-Forwarded-For, as a proxy does. */
export function appendForwardedFor(
  forwardedFor: string | undefined,
  remoteAddress: string | undefined,
): string | undefined {
  if (!remoteAddress) return forwardedFor;
  return forwardedFor?.trim() ? `${forwardedFor}, ${remoteAddress}` : remoteAddress;
}

/**
 * The client's address: the entry `trustedHops` to the left of the right-most one, which the
 * console server added itself. With fewer entries than that (a request that bypassed a proxy) the
 * left-most is taken, the furthest any trusted hop saw. Null when the entry is not an IP address.
 */
export function clientAddress(forwardedFor: string | null | undefined, trustedHops: number): string | null {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  const entry = entries[Math.max(0, entries.length - 1 - trustedHops)]!;
  const address = entry.startsWith('::ffff:') && isIP(entry.slice(7)) === 4 ? entry.slice(7) : entry;
  return isIP(address) ? address : null;
}
