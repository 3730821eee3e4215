// The Substack calls behind GET /v1/newsletter/publication, as its open-source clients make them:
// the publication's newest post from its own host's archive (NHagar/substack_api:
// {host}/api/v1/archive?sort=new&offset=0&limit=1), then that post on substack.com
// (jakub-k-slys/substack-api: /api/v1/posts/by-id/:id), whose `publication` is the full object.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ProviderError } from '../../../registry/types';
import { parsePayload } from '../payload';
import type { PlatformClient } from '../platform-client';
import { archiveSchema, postByIdSchema, type SubstackPublication } from './map';

export const SUBSTACK_BASE = 'https://substack.com';

interface Call {
  platform: PlatformClient;
  signal: AbortSignal;
  log(message: string): void;
}

export function unknownPublication(what: string): ProviderError {
  return new ProviderError('not_found', `No newsletter publication ${what}`);
}

// A host name of letters, digits and hyphens with an alphabetic top-level label: no IP literal,
// no port, no single-label (intranet) name.
const HOST = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The publication's host from what a customer gives: a subdomain ("slys"), a host
 * ("slys.substack.com", "iam.slys.dev") or any URL on it. Null when it names no host.
 */
export function publicationHost(input: string): string | null {
  let raw = input.trim().toLowerCase();
  if (!raw) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(raw)) raw = `https://${raw}`;
  let host: string;
  try {
    const url = new URL(raw);
    if (url.username || url.password || url.port) return null;
    host = url.hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
  if (/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(host)) host = `${host}.substack.com`;
  if (host.startsWith('www.') && host.endsWith('.substack.com')) host = host.slice(4);
  if (
    !HOST.test(host) ||
    isIP(host) ||
    host === 'substack.com' ||
    /\.(local|internal|localhost|home|lan|corp)$/.test(host)
  )
    return null;
  return host;
}

// Addresses a custom domain must not resolve to: the API would be asking its own network. Two
// lists: Node's BlockList matches an IPv4 address against the IPv6 rule ::ffff:0:0/96 as if
// mapped, so one list with both refused every IPv4 address.
const privateIpv4 = new BlockList();
const privateIpv6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  // Benchmarking (RFC 2544): routed inside some networks, never on the internet.
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  privateIpv4.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::ffff:0:0', 96],
  // Translations that carry an IPv4 address inside an IPv6 one, 10.0.0.1 or 127.0.0.1 included:
  // NAT64 (RFC 6052, and the local-use prefix of RFC 8215) and 6to4 (RFC 3056).
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
] as const) {
  privateIpv6.addSubnet(net, bits, 'ipv6');
}

/** Whether an address is one a custom domain must not lead the API to. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return privateIpv4.check(address, 'ipv4');
  return version === 0 || privateIpv6.check(address, 'ipv6');
}

/** A custom domain (not *.substack.com) is asked only when every address it resolves to is public. */
export async function assertPublicHost(host: string): Promise<void> {
  if (host.endsWith('.substack.com')) return;
  const addresses = await lookup(host, { all: true }).catch(() => []);
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) throw unknownPublication(host);
}

type Resolve = (
  host: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
const systemResolve: Resolve = (host, callback) => dnsLookup(host, { all: true }, callback);

/**
 * The connection's own lookup (the `lookup` of the agent's sockets): it resolves the host once,
 * refuses every address when one is private, and hands the socket the addresses it checked. So the
 * address connected to is the one checked: assertPublicHost's earlier lookup alone could be
 * answered with a public address and the connection's, a moment later, with a private one (DNS
 * rebinding). `resolve` is the system resolver; tests give their own.
 */
export function publicAddressLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '');
      const version = options.family === 4 || options.family === 6 ? options.family : undefined;
      const usable = version ? addresses.filter((a) => a.family === version) : addresses;
      if (usable.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address: not connected`);
        refused.code = 'EPRIVATEADDRESS';
        return callback(refused, '');
      }
      if (options.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/** The id of the publication's newest post; not_found when the host has no archive or no post. */
export async function newestPostId(call: Call, host: string, hostBaseUrl: string): Promise<number> {
  const page = await call.platform.request({
    baseUrl: hostBaseUrl,
    path: '/api/v1/archive',
    query: { sort: 'new', offset: 0, limit: 1 },
    accept: [404],
    signal: call.signal,
  });
  if (page.status === 404) throw unknownPublication(host);
  const posts = parsePayload(archiveSchema, page.body, { family: 'newsletter', what: 'archive', log: call.log });
  // A publication without a post has no public object to describe.
  if (posts.length === 0) throw unknownPublication(host);
  return posts[0]!.id;
}

/** The full publication object of one of its posts. */
export async function publicationOfPost(call: Call, postId: number, host: string): Promise<SubstackPublication> {
  const page = await call.platform.request({
    path: `/api/v1/posts/by-id/${postId}`,
    accept: [404],
    signal: call.signal,
  });
  if (page.status === 404) throw unknownPublication(host);
  return parsePayload(postByIdSchema, page.body, { family: 'newsletter', what: 'posts/by-id', log: call.log })
    .publication;
}
