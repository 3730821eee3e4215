// The console's /v1 calls reach the API server through the console, so they all come from one
// address: one client holding many calls open would fill that address's connection cap for every
// other user. The console therefore passes each caller's address on, and the API counts it:
// - only on the internal listener (a Unix socket `npm start` makes in a private directory, used by
//   the console alone), and only with the secret both processes were given (API_INTERNAL_SECRET);
//   anywhere else the two headers are removed unread, so no client can claim an address;
// - forwarded requests share the console's pooled connections, so the cap there counts requests
//   in flight per caller address (API_MAX_CONNECTIONS_PER_ADDRESS, as for direct connections),
//   with the gateway's concurrency limiter: exact across the API's workers (and instances, with
//   Redis). Beyond it that address alone is answered 429.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { errorStatus, errorText } from '../errors';
import type { ConcurrencyLimiter, Slot } from '../gateway/concurrency';

/** The caller's address, as the console saw it (lib/http/client-address.ts). */
export const FORWARDED_CLIENT_HEADER = 'x-internal-client-address';
/** Proves the request comes from the console: the secret both processes share. */
export const FORWARD_SECRET_HEADER = 'x-internal-forward-secret';

const internalHeaders = new Set([FORWARDED_CLIENT_HEADER, FORWARD_SECRET_HEADER]);

/** The headers the console adds to a forwarded request. */
export function forwardingHeaders(secret: string, clientAddress: string): Record<string, string> {
  return { [FORWARD_SECRET_HEADER]: secret, [FORWARDED_CLIENT_HEADER]: clientAddress };
}

/** Removes the internal headers from a request (both views of its headers the gateway reads). */
export function stripInternalHeaders(request: IncomingMessage): void {
  for (const name of internalHeaders) delete request.headers[name];
  const raw = request.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (internalHeaders.has(raw[i]!.toLowerCase())) raw.splice(i, 2);
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Answers without reading the request. The connection stays open (Node discards the rest of an
 * upload): closing it could fail the console's write of the body before it reads this answer.
 * The console drops the connection itself once it has read the answer to an unfinished upload.
 */
function answerJson(
  response: ServerResponse,
  status: number,
  body: { error: string; code: string },
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

/** The public listener: the gateway, with any internal headers a client sent removed unread. */
export function publicListener(gateway: RequestListener): RequestListener {
  return (request, response) => {
    stripInternalHeaders(request);
    return gateway(request, response);
  };
}

/**
 * The internal listener: requests proven by the secret, counted per forwarded caller address.
 * A request without the right secret is refused (a misconfigured console, or another process).
 */
export function internalListener(
  gateway: RequestListener,
  options: {
    secret: string;
    perAddress: number;
    limiter: ConcurrencyLimiter;
    log?: (message: string, detail?: unknown) => void;
  },
): RequestListener {
  const expected = digest(options.secret);
  let warned = false;
  return async (request, response) => {
    const secret = request.headers[FORWARD_SECRET_HEADER];
    const claimed = request.headers[FORWARDED_CLIENT_HEADER];
    stripInternalHeaders(request);
    if (typeof secret !== 'string' || !timingSafeEqual(digest(secret), expected)) {
      if (!warned) options.log?.('refused a request on the internal listener: missing or wrong API_INTERNAL_SECRET');
      warned = true;
      return answerJson(response, 403, {
        error: 'This listener serves the console only: missing or wrong forwarding secret',
        code: 'forbidden',
      });
    }
    if (options.perAddress <= 0) return gateway(request, response);
    // The console always sends an address; anything else shares one bucket rather than none.
    const address = typeof claimed === 'string' && isIP(claimed) ? claimed : 'unknown';
    let slot: Slot | null;
    try {
      slot = await options.limiter.tryAcquire(`forwarded-address:${address}`, options.perAddress);
    } catch (error) {
      options.log?.('could not count a forwarded request', error);
      return answerJson(
        response,
        errorStatus.service_unavailable,
        { error: errorText.service_unavailable, code: 'service_unavailable' },
        { 'retry-after': '2' },
      );
    }
    if (!slot) {
      return answerJson(
        response,
        errorStatus.concurrency_limit_exceeded,
        {
          error: `Too many simultaneous requests from your address (at most ${options.perAddress}): wait for some to finish`,
          code: 'concurrency_limit_exceeded',
        },
        { 'retry-after': '1' },
      );
    }
    const taken = slot;
    // Held until the answer is sent or the connection is gone (possibly already, while counting).
    if (response.destroyed || request.socket.destroyed) return taken.release();
    response.once('close', () => taken.release());
    return gateway(request, response);
  };
}
