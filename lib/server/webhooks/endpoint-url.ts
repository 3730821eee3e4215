import 'server-only';

import { isIP } from 'node:net';

import { onEmbeddedDatabase } from '@/lib/db/embedded-default';
import { isLoopbackAddress } from '@/lib/dev-mailbox';
import { env } from '@/lib/env';

/** Whether this process runs on the embedded database, where plain http to loopback is allowed. */
export function onEmbeddedDefault(): boolean {
  return onEmbeddedDatabase({ DATABASE_URL: env.DATABASE_URL, EMBEDDED_DATABASE_URL: env.EMBEDDED_DATABASE_URL });
}

/**
 * Why a webhook URL cannot be saved, or null when it can: an https URL without credentials; plain
 * http only to this machine (localhost, 127.0.0.0/8, ::1) and only on the fresh-machine default,
 * the embedded database (lib/db/embedded-default.ts), where a developer points it at a receiver of
 * their own. Where delivery may connect is decided again when it resolves the name (the worker's
 * address rules); this is the early, readable refusal.
 */
export function webhookUrlProblem(
  input: string,
  { embedded = onEmbeddedDefault() }: { embedded?: boolean } = {},
): string | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return 'Enter a full URL, like https://example.com/webhooks';
  }
  if (url.username || url.password) return 'Leave the user name and password out of the URL';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const loopback = host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
  if (url.protocol === 'http:') {
    if (embedded && loopback) return null;
    return embedded ? 'Use an https URL (plain http only to this machine: localhost or 127.0.0.1)' : 'Use an https URL';
  }
  if (url.protocol !== 'https:') return 'Use an https URL';
  if (loopback && !embedded) return 'Use a public address: this machine’s own address is not reachable for delivery';
  if (!host.includes('.') && isIP(host) === 0 && !loopback) return 'Use a full host name, like example.com';
  return null;
}
