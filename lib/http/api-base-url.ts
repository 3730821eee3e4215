// The public API's one address, as customers call it: every page, snippet, mail and the OpenAPI
// document's `servers` name it. The console and the API process both read it, so it imports only
// the environment (no `server-only`: the API process runs outside Next).
import { env } from '@/lib/env';

const LOCAL_HOSTS = new Set(['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost']);

/**
 * API_PUBLIC_URL when the operator set it (without a trailing slash); else where `npm start`
 * serves the API on this machine: the API server on API_HOST:API_PORT, named `localhost` when it
 * listens on loopback or on every interface. (`npm run dev`, which has no API server, sets
 * API_PUBLIC_URL to the console, which mounts /v1 itself.)
 */
export function apiBaseUrl(): string {
  if (env.API_PUBLIC_URL) return env.API_PUBLIC_URL.replace(/\/+$/, '');
  const host = env.API_HOST;
  const name = LOCAL_HOSTS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${env.API_PORT}`;
}
