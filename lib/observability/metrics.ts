// What the API server and the worker count for Prometheus, as hooks the code calls wherever the
// thing happens. They do nothing until startMetrics (metrics-server.ts) fills them in, which it
// does only with METRICS_PORT set: with metrics off, a hook on the hot path costs one call of an
// empty function, and prom-client is not even loaded.

type UpstreamOutcome = 'ok' | 'upstream_rate_limit' | 'upstream_error' | 'upstream_timeout' | 'aborted';

export interface MetricHooks {
  /** An API request answered: its endpoint (a registry path, or 'other'), status and duration. */
  request(endpoint: string, status: number, seconds: number): void;
  /** A billing batch committed: how many calls, and how long its oldest call waited for the commit. */
  billingBatch(calls: number, lagSeconds: number): void;
  /** A request to a live platform finished. */
  upstream(family: string, outcome: UpstreamOutcome): void;
  /** A worker job finished. */
  job(task: string, outcome: 'succeeded' | 'failed'): void;
  /** A mail message handed to SMTP, or failing to be. */
  mail(outcome: 'sent' | 'failed'): void;
}

const off: MetricHooks = { request() {}, billingBatch() {}, upstream() {}, job() {}, mail() {} };

/** The hooks; replaced in place (Object.assign) when metrics start. */
export const metrics: MetricHooks & { enabled: boolean } = { ...off, enabled: false };

/** Counts a platform request by its outcome, passing the promise through unchanged. */
export function countUpstream<T>(family: string, request: Promise<T>): Promise<T> {
  if (!metrics.enabled) return request;
  request.then(
    () => metrics.upstream(family, 'ok'),
    (error: unknown) => {
      const code = (error as { code?: string } | null)?.code;
      metrics.upstream(
        family,
        code === 'upstream_rate_limit' || code === 'upstream_error' || code === 'upstream_timeout' ? code : 'aborted',
      );
    },
  );
  return request;
}
