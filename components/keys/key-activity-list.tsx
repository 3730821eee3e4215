import { DateTime } from '@/components/ui/date-time';
import { Table, TD, TH, THead, TR } from '@/components/ui/table';
import type { KeyEventRecord } from '@/lib/server/keys/list-key-events';

const EVENT_LABELS: Record<KeyEventRecord['type'], string> = {
  created: 'Created',
  revoked: 'Revoked',
  reenabled: 'Re-enabled',
  deleted: 'Deleted',
  expiry_changed: 'Expiry changed',
  limit_changed: 'Limit changed',
  rolled: 'Rolled',
};

/** The most recent key events of the account: who did what to which key, and when. */
export function KeyActivityList({ events }: { events: KeyEventRecord[] }) {
  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-3">
      <h2 id="activity-heading" className="text-lg font-semibold">
        Recent activity
      </h2>
      {events.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted">
          Nothing yet. Creating, revoking, re-enabling and deleting keys shows up here.
        </p>
      ) : (
        <Table caption="Recent key activity">
          <THead>
            <tr>
              <TH>Time</TH>
              <TH>Event</TH>
              <TH>Key</TH>
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
                <TD className="max-w-[18rem]">
                  <span className="font-mono whitespace-nowrap">
                    {event.apiKey.prefix}…{event.apiKey.last4}
                  </span>
                  {/* A long name without spaces is cut with an ellipsis, whole on hover and for screen readers. */}
                  {event.apiKey.name ? (
                    <span
                      data-testid="activity-key-name"
                      className="block truncate text-muted"
                      title={event.apiKey.name}
                    >
                      {event.apiKey.name}
                    </span>
                  ) : null}
                </TD>
                <TD className="break-all">{event.actorLabel}</TD>
              </TR>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
