// Prometheus metrics on METRICS_PORT (GET /metrics), apart from the API's own port so that they
// are never public by accident. Fills in the hooks of metrics.ts. The API server's cluster
// primary serves the sum over its workers (prom-client's AggregatorRegistry asks each over IPC);
// a worker of the cluster only counts.
import { createServer, type Server } from 'node:http';
import { env } from '@/lib/env';
import { logger } from './logger';
import { metrics } from './metrics';

export type MetricsRole = 'api' | 'api-cluster-worker' | 'api-cluster-primary' | 'job-worker';

const seconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Starts counting (and, except in a cluster worker, serving /metrics) when METRICS_PORT is set. */
export async function startMetrics(role: MetricsRole): Promise<Server | null> {
  if (env.METRICS_PORT === undefined) return null;
  const client = await import('prom-client');
  if (role === 'api-cluster-primary')
    return serve(new client.AggregatorRegistry(), (registry) => registry.clusterMetrics());
  client.collectDefaultMetrics();
  const requests = new client.Counter({
    name: 'api_requests_total',
    help: 'API requests answered, by endpoint and status',
    labelNames: ['endpoint', 'status'],
  });
  const latency = new client.Histogram({
    name: 'api_request_duration_seconds',
    help: 'Time to answer an API request',
    labelNames: ['endpoint'],
    buckets: seconds,
  });
  const batches = new client.Histogram({
    name: 'billing_batch_calls',
    help: 'Calls per committed billing batch',
    buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500],
  });
  const lag = new client.Histogram({
    name: 'billing_writer_lag_seconds',
    help: "Time from a batch's oldest call to its commit",
    buckets: seconds,
  });
  const upstream = new client.Counter({
    name: 'upstream_requests_total',
    help: 'Requests to live platforms, by family and outcome',
    labelNames: ['family', 'outcome'],
  });
  const jobs = new client.Counter({
    name: 'jobs_total',
    help: 'Worker jobs finished, by task and outcome',
    labelNames: ['task', 'outcome'],
  });
  const mail = new client.Counter({
    name: 'mail_messages_total',
    help: 'Mail messages handed to SMTP, or failing to be',
    labelNames: ['outcome'],
  });
  Object.assign(metrics, {
    enabled: true,
    request(endpoint: string, status: number, took: number) {
      requests.inc({ endpoint, status });
      latency.observe({ endpoint }, took);
    },
    billingBatch(calls: number, lagSeconds: number) {
      batches.observe(calls);
      lag.observe(lagSeconds);
    },
    upstream: (family: string, outcome: string) => upstream.inc({ family, outcome }),
    job: (task: string, outcome: string) => jobs.inc({ task, outcome }),
    mail: (outcome: string) => mail.inc({ outcome }),
  });
  if (role === 'api-cluster-worker') {
    new client.AggregatorRegistry(); // in a worker, this installs the answer to the primary's asks
    return null;
  }
  return serve(client.register, (registry) => registry.metrics());
}

async function serve<R extends { contentType: string }>(
  registry: R,
  read: (registry: R) => Promise<string>,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    read(registry).then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics: could not collect');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
      },
    );
  });
  server.unref(); // never what keeps a process alive
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.METRICS_PORT, env.METRICS_HOST, () => resolve());
  });
  logger.info(`Metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`);
  return server;
}
