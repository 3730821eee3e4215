// One process serving the gateway on plain Node HTTP (via @hono/node-server): the whole API
// server when API_WORKERS is 1, else one of its cluster workers (the listening sockets are the
// primary's, shared). SIGTERM drains: in-flight calls finish and their usage is written before
// the process exits.
import cluster from 'node:cluster';
import { createServer, type Server, type ServerOptions } from 'node:http';
import type { ListenOptions } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { env } from '@/lib/env';
import { logError, logger } from '@/lib/observability/logger';
import { startMetrics } from '@/lib/observability/metrics-server';
import { limitConnections } from './connection-limits';
import { withOperations } from './operations';
import { createApiRuntime } from './runtime';
import { internalListener, publicListener } from './trusted-forwarding';

function listen(server: Server, address: ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** `announce`: print the "listening" line (a worker leaves that to the primary). */
export async function serveGateway(options: { announce: boolean }): Promise<void> {
  const port = env.API_PORT;
  const metricsServer = await startMetrics(cluster.isWorker ? 'api-cluster-worker' : 'api');
  const runtime = await createApiRuntime();
  // /healthz, /readyz, metrics and request lines around the gateway (operations.ts).
  const operations = withOperations(getRequestListener(runtime.gateway.fetch, { hostname: env.API_HOST }), {
    pool: runtime.pool,
    redisUrl: env.REDIS_URL,
  });
  const gateway = operations.listener;
  const serverOptions: ServerOptions = {
    // A client gets this long to send its headers, and the whole request; slow or idle
    // half-open connections are closed instead of holding a descriptor forever.
    headersTimeout: env.API_HEADERS_TIMEOUT_MS,
    requestTimeout: env.API_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.API_KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: 1_000,
  };
  const servers: Server[] = [];

  // The console's channel (trusted-forwarding.ts), listening first so the console finds it.
  if (env.API_INTERNAL_SOCKET) {
    if (!env.API_INTERNAL_SECRET)
      throw new Error('API_INTERNAL_SOCKET is set without API_INTERNAL_SECRET (npm start sets both)');
    const listener = internalListener(gateway, {
      secret: env.API_INTERNAL_SECRET,
      perAddress: env.API_MAX_CONNECTIONS_PER_ADDRESS,
      limiter: runtime.limiter,
      log: logError,
    });
    const internal = createServer(serverOptions, listener);
    // One peer, the console: its requests are capped per caller address instead.
    limitConnections(internal, { total: env.API_MAX_CONNECTIONS, perAddress: 0 });
    await listen(internal, { path: env.API_INTERNAL_SOCKET });
    servers.push(internal);
  }
  const server = createServer(serverOptions, publicListener(gateway));
  limitConnections(server, { total: env.API_MAX_CONNECTIONS, perAddress: env.API_MAX_CONNECTIONS_PER_ADDRESS });
  await listen(server, { port, host: env.API_HOST });
  servers.push(server);
  if (options.announce) logger.info(`API server listening on http://localhost:${port}/v1`);

  let closing = false;
  async function shutdown(): Promise<void> {
    if (closing) return;
    closing = true;
    // close() waits for every open connection. One answered during the drain goes idle and would
    // be kept for the keep-alive timeout (65 s) before the process could exit: each is closed as
    // soon as it is idle instead.
    const idleSweep = setInterval(() => {
      for (const s of servers) s.closeIdleConnections();
    }, 100);
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    clearInterval(idleSweep);
    await runtime.close();
    await operations.close();
    metricsServer?.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}
