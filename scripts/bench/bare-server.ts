// The benchmark's baseline: the same sandbox payloads served on the same HTTP stack with no
// gateway (no key, no validation, no limits, no billing). Port from BARE_PORT.
import { serve } from '@hono/node-server';
import { findEndpoint } from '@/lib/api/registry';
import { sandboxProvider } from '@/lib/api/sandbox';

const port = Number(process.env.BARE_PORT ?? 3999);
serve(
  {
    port,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url);
      const endpoint = findEndpoint(url.pathname);
      if (!endpoint) return new Response('{"error":"not found"}', { status: 404 });
      const parsed = endpoint.params.parse(Object.fromEntries(url.searchParams));
      const result = await sandboxProvider.call(endpoint, parsed, request.signal);
      return new Response(JSON.stringify(result.body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
    },
  },
  () => console.log(`bare server listening on ${port}`),
);
