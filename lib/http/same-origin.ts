// Cross-site request forgery guard for state-changing requests to the console (proxy.ts).
// Browsers send Origin with every POST, PUT, PATCH and DELETE, same-site or not; a request from
// another site's page names that site. Requests without Origin come from no browser page (curl,
// servers) and carry no victim's cookies, so they pass; Stripe's webhooks are signed instead.
// The whole origin must match (scheme, host and port): a page on http://console.test or on
// https://console.test:8443 is another origin, which may be served by someone else.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths whose writes come from other servers, authenticated by a signature or an API key. */
const SERVER_TO_SERVER_PREFIXES = ['/api/webhooks/', '/v1/'];

const first = (value: string | null) => value?.split(',')[0]?.trim() || null;

/**
 * The origin the browser addressed: the proxy's X-Forwarded-Proto and X-Forwarded-Host when
 * there are some, else Host over plain HTTP (the console's own server speaks HTTP; Next fills in
 * X-Forwarded-Proto from the connection when no proxy did). The port is the host's own, if any.
 */
function requestOrigin(headers: Headers): string | null {
  const host = first(headers.get('x-forwarded-host')) ?? headers.get('host');
  if (!host) return null;
  const scheme = first(headers.get('x-forwarded-proto'))?.toLowerCase() === 'https' ? 'https' : 'http';
  try {
    return new URL(`${scheme}://${host}`).origin; // drops a default port: https://a:443 is https://a
  } catch {
    return null;
  }
}

/** Whether a request may change state: a safe method, a server-to-server path, or a same-origin page. */
export function isAllowedOrigin({
  method,
  pathname,
  headers,
}: {
  method: string;
  pathname: string;
  headers: Headers;
}): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (SERVER_TO_SERVER_PREFIXES.some((p) => pathname.startsWith(p))) return true;
  const origin = headers.get('origin');
  if (origin === null) return true;
  let browserOrigin: string;
  try {
    browserOrigin = new URL(origin).origin; // "null" (sandboxed frames, some redirects) throws: refused
  } catch {
    return false;
  }
  return browserOrigin === requestOrigin(headers);
}
