// The local addresses a port is listening on, read from the kernel's socket tables (Linux /proc):
// what a server bound to, checked without sending any traffic, on or off this machine.
import { readFileSync } from 'node:fs';

const LISTEN = '0A';

/** "0100007F" (host byte order, little-endian on the machines we run on) to "127.0.0.1". */
function ipv4(hex: string): string {
  return [3, 2, 1, 0].map((i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16)).join('.');
}

/** Four little-endian 32-bit words to the colon form, e.g. "::1" or "::" (compressed by URL). */
function ipv6(hex: string): string {
  const bytes = hex.match(/.{8}/g)!.flatMap((word) => word.match(/../g)!.reverse());
  const groups = bytes
    .join('')
    .match(/.{4}/g)!
    .map((group) => parseInt(group, 16).toString(16));
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1);
}

/** Addresses with a listening TCP socket on `port`, e.g. ["127.0.0.1"] or ["::"]. */
export function listeningAddresses(port: number): string[] {
  const addresses: string[] = [];
  for (const [file, decode] of [
    ['/proc/net/tcp', ipv4],
    ['/proc/net/tcp6', ipv6],
  ] as const) {
    let table: string;
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      continue; // no IPv6 on this machine
    }
    for (const line of table.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== LISTEN || !local) continue;
      const [address, portHex] = local.split(':');
      if (parseInt(portHex!, 16) === port) addresses.push(decode(address!));
    }
  }
  return [...new Set(addresses)];
}
