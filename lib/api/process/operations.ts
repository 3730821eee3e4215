// What the API server answers for its operators, beside the gateway, outside /v1 (no key, never
// billed): GET /healthz (the process answers) and GET /readyz (PostgreSQL reachable, migrations
// applied, Redis reachable when REDIS_URL is set; 503 otherwise). And, around every request, the
// metrics (when METRICS_PORT is set) and the request line of the log (at LOG_LEVEL=debug): with
// both off, a request costs one comparison more than the gateway alone.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { logger } from '@/lib/observability/logger';
import { metrics } from '@/lib/observability/metrics';
import { checkReadiness, readinessAnswer } from '@/lib/observability/readiness';
import { findEndpoint } from '../registry';

export interface OperationsDeps {
  pool: pg.Pool;
  redisUrl?: string;
}

export interface Operations {
  listener: RequestListener;
  close(): Promise<void>;
}

/** The endpoint a path counts under: its registry path, so that odd paths cannot grow the label set. */
function endpointLabel(url: string): string {
  const path = url.split('?', 1)[0]!.replace(/\/+$/, '');
  if (findEndpoint(path) || path === '/v1/openapi.json') return path;
  return 'other';
}

function answerJson(response: ServerResponse, status: number, body: unknown): void {
  response
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));
}

export function withOperations(gateway: RequestListener, deps: OperationsDeps): Operations {
  let redis: Redis | undefined;
  const pingRedis = deps.redisUrl
    ? () => {
        redis ??= new Redis(deps.redisUrl!, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: false });
        redis.on('error', () => {}); // a failed ping says so in /readyz; no unhandled error event
        return redis.ping();
      }
    : undefined;
  const query = async (sql: string) => (await deps.pool.query<{ migration_name: string }>(sql)).rows;
  const requestLines = logger.isLevelEnabled('debug');
  const observed = metrics.enabled || requestLines;

  function observe(request: IncomingMessage, response: ServerResponse): void {
    const started = performance.now();
    let requestId: unknown;
    if (requestLines) {
      // The gateway passes its headers to writeHead, where getHeader cannot see them afterwards.
      const writeHead = response.writeHead;
      response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
        const headers = args.find((a) => typeof a === 'object' && a !== null && !Array.isArray(a)) as
          | Record<string, unknown>
          | undefined;
        requestId = headers?.['x-request-id'];
        return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
      } as ServerResponse['writeHead'];
    }
    response.once('finish', () => {
      const took = (performance.now() - started) / 1000;
      const endpoint = endpointLabel(request.url ?? '/');
      metrics.request(endpoint, response.statusCode, took);
      if (requestLines) {
        // The path without its query string: a key passed as a parameter by mistake stays out of the log.
        requestId ??= response.getHeader('x-request-id');
        logger.debug(
          {
            requestId,
            method: request.method,
            path: request.url?.split('?', 1)[0],
            endpoint,
            status: response.statusCode,
            ms: Math.round(took * 1000),
          },
          'request',
        );
      }
    });
  }

  const listener: RequestListener = (request, response) => {
    const url = request.url ?? '/';
    if (url.charCodeAt(1) !== 118 /* 'v': every /v1 call goes straight on */) {
      const path = url.split('?', 1)[0];
      if (path === '/healthz' && (request.method === 'GET' || request.method === 'HEAD'))
        return answerJson(response, 200, { status: 'ok' });
      if (path === '/readyz' && (request.method === 'GET' || request.method === 'HEAD')) {
        void checkReadiness({ query, pingRedis }).then((readiness) => {
          const { httpStatus, body } = readinessAnswer(readiness, (line) => logger.warn(`API /readyz: ${line}`));
          answerJson(response, httpStatus, body);
        });
        return;
      }
    }
    if (observed) observe(request, response);
    return gateway(request, response);
  };
  return {
    listener,
    async close() {
      redis?.disconnect();
    },
  };
}
