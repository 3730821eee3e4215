import { AddWebhookEndpointForm } from '@/components/webhooks/add-webhook-endpoint-form';
import { WebhookEndpointCard } from '@/components/webhooks/webhook-endpoint-card';
import { onEmbeddedDefault } from '@/lib/server/webhooks/endpoint-url';
import { listWebhookEndpoints } from '@/lib/server/webhooks/endpoints';
import { listDeliveries } from '@/lib/server/webhooks/list-deliveries';

/** Deliveries shown per endpoint; the rest stay in the database for the 30 days events are kept. */
const LOG_ROWS = 20;

/** /settings → Webhooks: the account's endpoints with their logs, and the form that adds one. */
export async function WebhooksSettings({ accountId }: { accountId: string }) {
  const endpoints = await listWebhookEndpoints({ accountId });
  const logs = await Promise.all(
    endpoints.map((endpoint) => listDeliveries({ accountId, endpointId: endpoint.id, limit: LOG_ROWS })),
  );
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">
        We send signed JSON events to your URLs: usage alerts, keys, invoices and your account’s standing. A delivery
        that does not get a 2xx within 10 seconds is retried for 3 days; an endpoint failing all that time is disabled
        and we mail you.
      </p>
      {endpoints.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted">
          No endpoints yet. Add one below to start receiving events.
        </p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Webhook endpoints">
          {endpoints.map((endpoint, i) => (
            <li key={endpoint.id}>
              <WebhookEndpointCard endpoint={endpoint} deliveries={logs[i] ?? []} />
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="add-webhook-heading" className="flex flex-col gap-3 border-t border-border pt-4">
        <h3 id="add-webhook-heading" className="font-semibold">
          Add an endpoint
        </h3>
        <AddWebhookEndpointForm endpointCount={endpoints.length} httpHint={onEmbeddedDefault()} />
      </section>
    </div>
  );
}

/** What the section shows while the endpoints load. */
export function WebhooksSettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading webhook endpoints" className="flex flex-col gap-3">
      <div className="h-4 w-3/4 animate-pulse rounded bg-surface" />
      <div className="h-24 animate-pulse rounded-md bg-surface" />
      <div className="h-10 w-40 animate-pulse rounded-md bg-surface" />
    </div>
  );
}
