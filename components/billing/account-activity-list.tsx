import { DateTime } from '@/components/ui/date-time';
import { Table, TD, TH, THead, TR } from '@/components/ui/table';
import type { BillingOverview } from '@/lib/server/billing/get-billing-overview';

const EVENT_LABELS: Record<BillingOverview['activity'][number]['type'], string> = {
  blocked: 'Blocked',
  unblocked: 'Unblocked',
  usage_alert: 'Usage alert',
  key_expiring: 'Key expiring',
};

/** The account's blocks and unblocks, usage alerts and key expiry notices: when, why, and who. */
export function AccountActivityList({ events }: { events: BillingOverview['activity'] }) {
  if (!events.length) return null;
  return (
    <section aria-labelledby="account-activity-heading" className="flex flex-col gap-3">
      <h2 id="account-activity-heading" className="text-lg font-semibold">
        Account activity
      </h2>
      <Table caption="Blocks, unblocks, usage alerts and key expiry notices of the account">
        <THead>
          <tr>
            <TH>Time</TH>
            <TH>Event</TH>
            <TH>Why</TH>
            <TH>By</TH>
          </tr>
        </THead>
        <tbody>
          {events.map((event) => (
            <TR key={event.id}>
              <TD className="whitespace-nowrap">
                <DateTime value={event.createdAt} />
              </TD>
              <TD>{EVENT_LABELS[event.type]}</TD>
              <TD>{event.detail}</TD>
              <TD className="break-all">{event.actorLabel}</TD>
            </TR>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
