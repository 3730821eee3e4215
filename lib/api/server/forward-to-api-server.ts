// The console's /v1 mount when the API server runs beside it (`npm start`): requests are passed
// to that server, so per-account limits (concurrency, free-tier holds) are counted in one place
// instead of once per process. `npm run dev` has no API server and serves /v1 in Next itself.
import { errorText } from '../errors';

// Hop-by-hop headers (RFC 9110 §7.6.1) and what fetch sets or undoes itself.
const dropped = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length', 'content-encoding'];

function copyHeaders(from: Headers): Headers {
  const headers = new Headers(from);
  for (const name of dropped) headers.delete(name);
  return headers;
}

export async function forwardToApiServer(request: Request, apiServerUrl: string): Promise<Response> {
  const { pathname, search } = new URL(request.url);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  try {
    const answer = await fetch(new URL(pathname + search, apiServerUrl), {
      method: request.method,
      headers: copyHeaders(request.headers),
      body: hasBody ? request.body : undefined,
      // Streams the body on (Node's fetch needs it said for a stream).
      ...(hasBody ? { duplex: 'half' } : {}),
      redirect: 'manual',
      signal: request.signal,
    } as RequestInit);
    return new Response(answer.body, { status: answer.status, headers: copyHeaders(answer.headers) });
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.error('forwarding /v1 to the API server failed', error);
    return Response.json(
      { error: errorText.service_unavailable, code: 'service_unavailable' },
      { status: 503, headers: { 'retry-after': '2' } },
    );
  }
}
