// The benchmark's baseline: the same sandbox payloads served on the same HTTP stack with no
// gateway (no key, no validation, no limits, no billing). Port from BARE_PORT.
// With LEDGER_DATABASE_URL and LEDGER_ACCOUNT, each call also writes one UsageEvent row (the
// ledger's table, with its indexes) before its response, group-committed like the gateway's
// billing: the least that a durable per-call record costs, with no billing arithmetic at all.
import { serve } from '@hono/node-server';
import pg from 'pg';
import { newRequestId } from '@/lib/api/gateway/request-id';
import { findEndpoint } from '@/lib/api/registry';
import { sandboxProvider } from '@/lib/api/providers/sandbox';

/** One INSERT per batch of the calls that arrived while the previous batch was written. */
class LedgerFloor {
  private queue: { id: string; endpoint: string; done(error?: unknown): void }[] = [];
  private writing = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly accountId: string,
  ) {}

  write(endpoint: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: newRequestId(), endpoint, done: (error) => (error ? reject(error) : resolve()) });
      if (!this.writing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      const error = await this.pool
        .query({
          name: 'ledger_floor',
          text: `INSERT INTO "UsageEvent" (id, "accountId", endpoint, status, units, "freeUnits", "amountMicros", sentiment, "latencyMs", "createdAt")
                 SELECT c.id, $3, c.e, 200, 1, 0, 1000, false, 1, now() AT TIME ZONE 'UTC' FROM unnest($1::text[], $2::text[]) AS c(id, e)`,
          values: [batch.map((c) => c.id), batch.map((c) => c.endpoint), this.accountId],
        })
        .then(
          () => undefined,
          (e: unknown) => e ?? new Error('ledger write failed'),
        );
      for (const call of batch) call.done(error);
    }
    this.writing = false;
  }
}

const ledger = process.env.LEDGER_DATABASE_URL
  ? new LedgerFloor(
      new pg.Pool({ connectionString: process.env.LEDGER_DATABASE_URL, max: 2 }),
      process.env.LEDGER_ACCOUNT ?? '',
    )
  : null;

const port = Number(process.env.BARE_PORT ?? 3999);
serve(
  {
    port,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url);
      const endpoint = findEndpoint(url.pathname);
      if (!endpoint) return new Response('{"error":"not found"}', { status: 404 });
      const parsed = endpoint.params.parse(Object.fromEntries(url.searchParams));
      const result = await sandboxProvider.call(endpoint, parsed, request.signal);
      const body = JSON.stringify(result.body);
      await ledger?.write(endpoint.path);
      return new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
    },
  },
  () => console.log(`bare server listening on ${port}`),
);
