// The console's /v1 mount when the API server runs beside it (`npm start`): requests are passed
// to that server, so per-account limits (concurrency, free-tier holds) are counted in one place
// instead of once per process. `npm run dev` has no API server and serves /v1 in Next itself.
// With API_INTERNAL_SOCKET (set by `npm start`) they go through the API's internal listener with
// the caller's address and the shared secret (lib/api/process/trusted-forwarding.ts), so the API caps each caller
// instead of the console as a whole; else over HTTP to API_INTERNAL_URL, as one more client.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { env } from '@/lib/env';
import { logError } from '@/lib/observability/logger';
import { clientAddress } from '@/lib/http/client-address';
import { errorText } from '@/lib/api/errors';
import { forwardingHeaders } from '@/lib/api/process/trusted-forwarding';

// Hop-by-hop headers (RFC 9110 §7.6.1) and the host, which names the API server instead.
const dropped = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
];
// The API answers the console uncompressed: Next does not pass an encoded body on intact, and
// compresses for the client itself.
const droppedFromRequests = [...dropped, 'accept-encoding'];

// Connections to the API server are kept open and reused; as many as there are calls in flight.
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** The caller's address: the entry TRUSTED_PROXY_HOPS names, else the connection's own (the right-most). */
export function callerAddress(headers: Headers, trustedHops: number): string {
  const forwardedFor = headers.get('x-forwarded-for');
  return clientAddress(forwardedFor, trustedHops) ?? clientAddress(forwardedFor, 0) ?? 'unknown';
}

/**
 * The headers sent on to the API server: the client's, less hop-by-hop ones and any internal
 * header the client wrote; with a secret, the caller's address and the secret.
 */
export function forwardedRequestHeaders(
  from: Headers,
  apiHost: string,
  internal?: { secret: string; clientAddress: string },
): Record<string, string> {
  const headers: Record<string, string> = {};
  from.forEach((value, name) => {
    if (!droppedFromRequests.includes(name) && !name.startsWith('x-internal-')) headers[name] = value;
  });
  headers.host = apiHost;
  return internal ? { ...headers, ...forwardingHeaders(internal.secret, internal.clientAddress) } : headers;
}

function responseHeaders(from: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(from.headers)) {
    if (value === undefined || dropped.includes(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

function unavailable(): Response {
  return Response.json(
    { error: errorText.service_unavailable, code: 'service_unavailable' },
    { status: 503, headers: { 'retry-after': '2' } },
  );
}

export interface ForwardingOptions {
  /** The API server's internal listener (API_INTERNAL_SOCKET); unset, API_INTERNAL_URL over HTTP. */
  socketPath?: string;
  secret?: string;
  trustedProxyHops: number;
}

const fromEnv = (): ForwardingOptions => ({
  socketPath: env.API_INTERNAL_SOCKET,
  secret: env.API_INTERNAL_SECRET,
  trustedProxyHops: env.TRUSTED_PROXY_HOPS,
});

export async function forwardToApiServer(
  request: Request,
  apiServerUrl: string,
  options: ForwardingOptions = fromEnv(),
): Promise<Response> {
  const { pathname, search } = new URL(request.url);
  const target = new URL(apiServerUrl);
  const { socketPath, secret } = options;
  if (socketPath && !secret)
    throw new Error('API_INTERNAL_SOCKET is set without API_INTERNAL_SECRET (npm start sets both)');
  const internal =
    socketPath && secret
      ? { secret, clientAddress: callerAddress(request.headers, options.trustedProxyHops) }
      : undefined;
  const protocol = socketPath || target.protocol !== 'https:' ? 'http:' : 'https:';
  const outgoing = (protocol === 'https:' ? https : http).request({
    ...(socketPath ? { socketPath } : { hostname: target.hostname.replace(/^\[|\]$/g, ''), port: target.port }),
    agent: agents[protocol],
    method: request.method,
    path: pathname + search,
    headers: forwardedRequestHeaders(request.headers, target.host, internal),
  });
  // Failures before the answer are the promise's below; after it, the answer's stream reports them.
  outgoing.on('error', () => {});
  // The API server counts the request from its headers on, not from the body's first bytes,
  // which a slow client may never send.
  outgoing.flushHeaders();
  const abort = () => outgoing.destroy();
  request.signal.addEventListener('abort', abort, { once: true });

  let uploaded = false;
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) {
    const body = Readable.fromWeb(request.body as NodeReadableStream);
    body.on('error', abort);
    body.on('end', () => (uploaded = true));
    body.pipe(outgoing);
  } else {
    uploaded = true;
    outgoing.end();
  }

  try {
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      outgoing.once('response', resolve);
      outgoing.once('error', reject);
    });
    // The API answered before reading the whole upload (a 413 or 429): once its answer is read,
    // stop sending, so the connection is not held for the rest of a slow body.
    answer.once('end', () => uploaded || outgoing.destroy());
    answer.once('close', () => request.signal.removeEventListener('abort', abort));
    const status = answer.statusCode ?? 502;
    const nullBody = status === 204 || status === 304 || request.method === 'HEAD';
    return new Response(nullBody ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>), {
      status,
      headers: responseHeaders(answer),
    });
  } catch (error) {
    request.signal.removeEventListener('abort', abort);
    if (request.signal.aborted) throw error;
    logError('forwarding /v1 to the API server failed', error);
    return unavailable();
  }
}
