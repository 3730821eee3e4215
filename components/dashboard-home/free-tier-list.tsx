// The console home's free tier this month: the endpoints near or past their free units.
import { Badge } from '@/components/ui/badge';
import type { DashboardOverview } from '@/lib/server/usage/get-dashboard-overview';

export function FreeTierList({ d }: { d: DashboardOverview }) {
  return (
    <section aria-labelledby="tier-heading" className="flex flex-col gap-2">
      <h2 id="tier-heading" className="text-lg font-semibold">
        Free tier this month
      </h2>
      {d.freeTier.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {d.freeTier.map((e) => (
            <li key={e.endpoint} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="font-mono text-xs sm:text-sm">{e.endpoint}</span>
              <span className="flex items-center gap-2">
                <span className="tabular-nums">
                  {e.freeUnits} / {d.freeUnitsPerMonth} free
                </span>
                {e.past ? (
                  <Badge tone="warning">
                    {e.billableUnits
                      ? `past it: ${e.billableUnits.toLocaleString('en-US')} ${e.billableUnits === 1 ? 'unit' : 'units'} billed`
                      : 'used up'}
                  </Badge>
                ) : (
                  <Badge>near</Badge>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-border bg-surface p-3 text-sm text-muted">
          No endpoint is near its {d.freeUnitsPerMonth} free units this month.
        </p>
      )}
    </section>
  );
}
