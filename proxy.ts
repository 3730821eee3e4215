// Every console request passes here (not /v1, not static files):
// - security headers on every page (lib/http/security-headers.ts), with a fresh script nonce
//   that Next reads from the request's CSP header and puts on its own scripts;
// - state-changing requests from another site's page are refused (lib/http/same-origin.ts);
// - a request id (the API's format, req_…) on the request, for the log lines of what it does
//   (lib/observability/console-log.ts), and on the response, for a person to quote;
// - optimistic redirect only: signed-out visitors leave the console for the sign-in page. Every
//   page and action still checks the session itself (requireSession); the sign-in pages send
//   signed-in users on themselves, after checking the user still exists (no redirect loop).
// The session cookie is only read here, never written: Auth.js's own proxy wrapper re-issues it on
// every request, and a session ended in the database would be kept alive by a cookie refreshed
// without looking at its row. Sessions are extended nowhere (they live SESSION_MAX_AGE from sign-in).
import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';

import { newRequestId } from '@/lib/api/gateway/request-id';
import { isAllowedOrigin } from '@/lib/http/same-origin';
import { makeNonce, NONCE_HEADER, securityHeaders } from '@/lib/http/security-headers';
import { CONSOLE_PATH_HEADER, signInPath } from '@/lib/sign-in-path';

const CONSOLE_PREFIXES = ['/keys', '/usage', '/billing', '/explorer', '/dashboard', '/settings'];

/** Whether the request carries a session token that decodes (signed with AUTH_SECRET, not expired). */
async function hasSessionToken(request: NextRequest): Promise<boolean> {
  const secret = process.env.AUTH_SECRET;
  if (!secret) return false;
  for (const secureCookie of [true, false]) {
    const token = await getToken({ req: request, secret, secureCookie });
    if (typeof token?.userId === 'string') return true;
  }
  return false;
}

export default async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const https =
    request.nextUrl.protocol === 'https:' ||
    request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
  const nonce = makeNonce();
  const requestId = newRequestId();
  const security = securityHeaders({ nonce, https, development: process.env.NODE_ENV === 'development' });
  const withSecurityHeaders = (response: NextResponse) => {
    for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
    response.headers.set('x-request-id', requestId);
    return response;
  };

  if (!isAllowedOrigin({ method: request.method, pathname, headers: request.headers })) {
    return withSecurityHeaders(
      NextResponse.json({ error: 'Cross-site request refused', code: 'forbidden_origin' }, { status: 403 }),
    );
  }

  const inConsole = CONSOLE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  if (inConsole && !(await hasSessionToken(request)))
    return withSecurityHeaders(NextResponse.redirect(new URL(signInPath(pathname + search), request.nextUrl)));

  const headers = new Headers(request.headers);
  // requireSession may still find the session ended (signed out elsewhere); it sends the visitor
  // back here afterwards too. Set on every request, so a client's own value never counts.
  headers.set(CONSOLE_PATH_HEADER, pathname + search);
  headers.set(NONCE_HEADER, nonce);
  // Replaces any id the client sent: the log's ids are the console's own.
  headers.set('x-request-id', requestId);
  headers.set('Content-Security-Policy', security['Content-Security-Policy']);
  return withSecurityHeaders(NextResponse.next({ request: { headers } }));
}

export const config = {
  // Everything but the API (its own server in production), static assets and prefetches of them.
  matcher: ['/((?!v1/|_next/static|_next/image|favicon.ico).*)'],
};
