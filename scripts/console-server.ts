// The console in production (`npm start`): Next's request handler behind a plain Node HTTP server
// that appends each connection's address to X-Forwarded-For, as a proxy does. `next start` keeps a
// client's own X-Forwarded-For untouched and fills it in only when absent, so the sign-in throttle
// could not tell a forged header from a proxy's; here the right-most entry is always an address
// this server saw (lib/server/auth/client-address.ts).
import { createServer } from 'node:http';
import next from 'next';

import { env } from '../lib/env';
import { appendForwardedFor } from '../lib/server/auth/client-address';

const app = next({ dev: false, port: env.PORT });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  const forwardedFor = appendForwardedFor(request.headers['x-forwarded-for'] as string | undefined, request.socket.remoteAddress);
  if (forwardedFor) request.headers['x-forwarded-for'] = forwardedFor;
  void handle(request, response);
});
server.listen(env.PORT, () => console.log(`Console ready on port ${env.PORT}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Keep-alive connections would hold close() open; end them once in-flight requests are done.
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
