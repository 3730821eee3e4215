// One process serving the gateway on plain Node HTTP (via @hono/node-server): the whole API
// server when API_WORKERS is 1, else one of its cluster workers (the listening socket is the
// primary's, shared). SIGTERM drains: in-flight calls finish and their usage is written before
// the process exits.
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { env } from '@/lib/env';
import { limitConnections } from './connection-limits';
import { createApiRuntime } from './runtime';

/** `announce`: print the "listening" line (a worker leaves that to the primary). */
export async function serveGateway(options: { announce: boolean }): Promise<void> {
  const port = env.API_PORT;
  const runtime = await createApiRuntime();
  const server = serve(
    {
      fetch: runtime.gateway.fetch,
      port,
      hostname: env.API_HOST,
      serverOptions: {
        // A client gets this long to send its headers, and the whole request; slow or idle
        // half-open connections are closed instead of holding a descriptor forever.
        headersTimeout: env.API_HEADERS_TIMEOUT_MS,
        requestTimeout: env.API_REQUEST_TIMEOUT_MS,
        keepAliveTimeout: env.API_KEEP_ALIVE_TIMEOUT_MS,
        connectionsCheckingInterval: 1_000,
      },
    },
    () => options.announce && console.log(`API server listening on http://localhost:${port}/v1`),
  ) as Server;
  limitConnections(server, { total: env.API_MAX_CONNECTIONS, perAddress: env.API_MAX_CONNECTIONS_PER_ADDRESS });

  let closing = false;
  async function shutdown(): Promise<void> {
    if (closing) return;
    closing = true;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}
