// The console in production (`npm start`): Next's request handler behind a plain Node HTTP server
// that appends each connection's address to X-Forwarded-For, as a proxy does. `next start` keeps a
// client's own X-Forwarded-For untouched and fills it in only when absent, so the sign-in throttle
// could not tell a forged header from a proxy's; here the right-most entry is always an address
// this server saw (lib/http/client-address.ts).
// It has the API server's protections against slow and idle clients: header, request and
// keep-alive timeouts, and caps on connections in all and per client address
// (lib/api/process/connection-limits.ts). It listens on HOST (loopback unless set).
import { createServer } from 'node:http';
import next from 'next';

import { limitConnections } from '../lib/api/process/connection-limits';
import { onEmbeddedDatabase } from '../lib/db/embedded-default';
import { env, envRecord } from '../lib/env';
import { appendForwardedFor } from '../lib/http/client-address';
import { describeLegalPagePlaceholders, legalPagePlaceholders } from '../lib/legal-pages';

// An operator's deployment whose terms and privacy policy are still placeholders: say so at every
// start (`npm start` refuses outright when it takes real payments; compose and the image run this
// file directly).
if (!onEmbeddedDatabase(envRecord())) {
  const placeholders = legalPagePlaceholders(envRecord());
  if (placeholders.length) console.warn(`Warning: ${describeLegalPagePlaceholders(placeholders)}`);
}

const app = next({ dev: false, port: env.PORT, hostname: env.HOST });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer(
  {
    headersTimeout: env.CONSOLE_HEADERS_TIMEOUT_MS,
    requestTimeout: env.CONSOLE_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.CONSOLE_KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: 1_000,
  },
  (request, response) => {
    const forwardedFor = appendForwardedFor(
      request.headers['x-forwarded-for'] as string | undefined,
      request.socket.remoteAddress,
    );
    if (forwardedFor) request.headers['x-forwarded-for'] = forwardedFor;
    void handle(request, response);
  },
);
limitConnections(server, { total: env.CONSOLE_MAX_CONNECTIONS, perAddress: env.CONSOLE_MAX_CONNECTIONS_PER_ADDRESS });
server.listen(env.PORT, env.HOST, () =>
  console.log(`Console ready on http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Keep-alive connections would hold close() open; end them once in-flight requests are done.
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
