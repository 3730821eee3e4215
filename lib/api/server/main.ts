// The production API server: the gateway on plain Node HTTP (via @hono/node-server), on
// API_PORT. `npm start` runs it beside the console. SIGTERM drains: in-flight calls finish and
// their usage is written before the process exits.
import { serve } from '@hono/node-server';
import { createApiRuntime } from './runtime';

const port = Number(process.env.API_PORT ?? 3001);
const runtime = await createApiRuntime();
const server = serve({ fetch: runtime.gateway.fetch, port, hostname: process.env.API_HOST ?? '0.0.0.0' }, () => {
  console.log(`API server listening on http://localhost:${port}/v1`);
});

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
