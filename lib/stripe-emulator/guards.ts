// Who may drive the emulator: the REST API answers only its own secret key (as Stripe does), the
// `/_sandbox/*` controls only the random control token, and the hosted pages' forms only posts
// from the hosted pages themselves (Origin / Sec-Fetch-Site), on a host name that is the pages'
// own (no DNS-rebound name).
import { createHash, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';

export const CONTROL_TOKEN_HEADER = 'x-sandbox-control-token';

const same = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

/** The key a request authenticates with: `Authorization: Bearer <key>` or Basic with the key as user name. */
function presentedKey(request: http.IncomingMessage): string | null {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] ?? null;
  return null;
}

const redact = (key: string) =>
  key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(Math.min(20, key.length - 12))}${key.slice(-4)}` : '****';

/** null when the request carries the emulator's secret key; else Stripe's 401 body. */
export function apiKeyRefusal(
  request: http.IncomingMessage,
  secretKey: string,
): { error: { type: string; message: string } } | null {
  const key = presentedKey(request);
  if (key === null) {
    return {
      error: {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      },
    };
  }
  if (!same(key, secretKey))
    return { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${redact(key)}` } };
  return null;
}

/** 401 without a control token, 403 with a wrong one, null with the right one. */
export function controlRefusal(request: http.IncomingMessage, token: string): 401 | 403 | null {
  const presented = request.headers[CONTROL_TOKEN_HEADER];
  if (typeof presented !== 'string' || !presented) return 401;
  return same(presented, token) ? null : 403;
}

/** The origins the hosted pages are served from: the public address and its loopback names. */
export function pageOrigins(publicUrl: string, port: number): { origins: Set<string>; hosts: Set<string> } {
  const origins = new Set([
    new URL(publicUrl).origin,
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    `http://[::1]:${port}`,
  ]);
  return { origins, hosts: new Set([...origins].map((o) => new URL(o).host)) };
}

/** Why a request to a hosted page is refused (a foreign host, or a cross-site POST), or null. */
export function pageRefusal(
  request: http.IncomingMessage,
  allowed: { origins: Set<string>; hosts: Set<string> },
): string | null {
  const host = request.headers.host ?? '';
  if (!allowed.hosts.has(host)) return `The host ${host || '(none)'} is not this emulator's.`;
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return `A ${site} form post is not accepted; use the page itself.`;
  // A browser that says same-origin (a header pages cannot set) may still send Origin: null
  // under a strict referrer policy; the host was checked above.
  if (site === 'same-origin') return null;
  const origin = request.headers.origin;
  if (origin !== undefined && !allowed.origins.has(origin)) return `Posts from ${origin} are not accepted.`;
  return null;
}
