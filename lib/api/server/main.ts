// The production API server: the gateway on plain Node HTTP (via @hono/node-server), on
// API_PORT. `npm start` runs it beside the console. SIGTERM drains: in-flight calls finish and
// their usage is written before the process exits.
import { serve } from '@hono/node-server';
import { env } from '@/lib/env';
import { createApiRuntime } from './runtime';

const port = env.API_PORT;
const runtime = await createApiRuntime();
const server = serve({ fetch: runtime.gateway.fetch, port, hostname: env.API_HOST }, () => {
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
