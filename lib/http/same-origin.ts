// Cross-site request forgery guard for state-changing requests to the console (proxy.ts).
// Browsers send Origin with every POST, PUT, PATCH and DELETE, same-site or not; a request from
// another site's page names that site. Requests without Origin come from no browser page (curl,
// servers) and carry no victim's cookies, so they pass; Stripe's webhooks are signed instead.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths whose writes come from other servers, authenticated by a signature or an API key. */
const SERVER_TO_SERVER_PREFIXES = ['/api/webhooks/', '/v1/'];

/** The host the browser addressed: the proxy's X-Forwarded-Host when there is one, else Host. */
function requestHost(headers: Headers): string | null {
  const forwarded = headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  return forwarded || headers.get('host');
}

/** Whether a request may change state: a safe method, a server-to-server path, or a same-origin page. */
export function isAllowedOrigin({ method, pathname, headers }: { method: string; pathname: string; headers: Headers }): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (SERVER_TO_SERVER_PREFIXES.some((p) => pathname.startsWith(p))) return true;
  const origin = headers.get('origin');
  if (origin === null) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host; // "null" (sandboxed frames, some redirects) throws: refused
  } catch {
    return false;
  }
  return originHost === requestHost(headers);
}
