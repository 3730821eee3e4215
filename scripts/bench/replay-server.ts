// The benchmark's floor: a plain node:http server replaying, as fixed bytes, the body the bare
// server would send for each benchmarked path (computed once at start from the same sandbox
// provider). No routing beyond a Map lookup, no parsing, no JSON: what loopback HTTP costs on
// this machine. Port from REPLAY_PORT; paths from REPLAY_PATHS (comma-separated path?query).
import http from 'node:http';
import { findEndpoint } from '@/lib/api/registry';
import { sandboxProvider } from '@/lib/api/providers/sandbox';

const port = Number(process.env.REPLAY_PORT ?? 3998);
const bodies = new Map<string, Buffer>();
for (const target of (process.env.REPLAY_PATHS ?? '').split(',').filter(Boolean)) {
  const url = new URL(target, 'http://replay');
  const endpoint = findEndpoint(url.pathname);
  if (!endpoint) throw new Error(`replay server: no endpoint at ${url.pathname}`);
  const result = await sandboxProvider.call(
    endpoint,
    endpoint.params.parse(Object.fromEntries(url.searchParams)),
    new AbortController().signal,
  );
  bodies.set(target, Buffer.from(JSON.stringify(result.body)));
}

http
  .createServer((request, response) => {
    const body = bodies.get(request.url ?? '');
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  })
  .listen(port, '127.0.0.1', () => console.log(`replay server listening on ${port}`));
