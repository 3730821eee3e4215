import 'server-only';

import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

import { isPrivateAddress } from '@/lib/api/providers/live/newsletter/client';
import { onEmbeddedDatabase } from '@/lib/db/embedded-default';
import { isLoopbackAddress } from '@/lib/dev-mailbox';
import { envRecord, type EnvRecord } from '@/lib/env';

// Where a delivery may connect. Outside development, never to a private, loopback, link-local or
// otherwise internal address (the API's own network); plain http only to this machine, and only
// in development: the embedded database's default, where a developer runs a receiver of their own.
// The name is resolved once, here, and the connection goes to the address checked (no second
// lookup that DNS rebinding could answer differently).

export type AddressPolicy = {
  /** Development: private and loopback addresses allowed, and plain http to loopback. */
  allowPrivate: boolean;
};

/** The policy of this process: development on the embedded default or NODE_ENV=development. */
export function defaultAddressPolicy(env: EnvRecord = envRecord()): AddressPolicy {
  return { allowPrivate: onEmbeddedDatabase(env) || env.NODE_ENV === 'development' };
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (host) => lookup(host, { all: true });

export class AddressRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressRefusedError';
  }
}

export type CheckedTarget = { url: URL; host: string; address: string; family: 4 | 6 };

/** The address to connect to for `rawUrl`, or AddressRefusedError saying why not. */
export async function resolveDeliveryTarget(
  rawUrl: string,
  policy: AddressPolicy,
  resolve: Resolver = systemResolver,
): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new AddressRefusedError('not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AddressRefusedError('not an http(s) URL');
  if (url.username || url.password) throw new AddressRefusedError('a URL with credentials');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new AddressRefusedError(`${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new AddressRefusedError(`${host} does not resolve`);
  // Every address must pass: a name with one public and one private address is refused whole.
  const internal = addresses.filter((a) => isPrivateAddress(a.address));
  if (internal.length > 0 && !policy.allowPrivate) {
    throw new AddressRefusedError(
      `${host} resolves to a private, loopback or link-local address (${internal[0]!.address})`,
    );
  }
  if (url.protocol === 'http:' && !(policy.allowPrivate && addresses.every((a) => isLoopbackAddress(a.address)))) {
    throw new AddressRefusedError('plain http is allowed only to this machine, in development');
  }
  const chosen = addresses[0]!;
  return { url, host, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
