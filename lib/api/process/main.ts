// The production API server: the gateway on plain Node HTTP, on API_PORT. `npm start` runs it
// beside the console. With API_WORKERS above 1 this process is the primary of a node:cluster
// (cluster-primary.ts) and each worker serves the gateway (serve-gateway.ts); with 1 it serves
// alone. SIGTERM drains: in-flight calls finish and their usage is written before exit.
import cluster from 'node:cluster';
import { env } from '@/lib/env';

if (cluster.isWorker) {
  const { serveGateway } = await import('./serve-gateway');
  await serveGateway({ announce: false });
} else if (env.API_WORKERS > 1) {
  // The primary serves nothing itself, so it loads neither the gateway nor a database pool.
  const { runClusterPrimary } = await import('./cluster-primary');
  runClusterPrimary({ workers: env.API_WORKERS, port: env.API_PORT });
} else {
  const { serveGateway } = await import('./serve-gateway');
  await serveGateway({ announce: true });
}
