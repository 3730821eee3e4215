'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';

import { formatAmount } from '@/lib/money';
import { MonthEndEstimateText } from '@/components/billing/month-end-estimate-text';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import type { DashboardOverview } from '@/lib/server/usage/get-dashboard-overview';

import { Live } from '@/components/live/live';

import { FirstSteps } from './first-steps';
import { Standing } from './standing';

const REFRESH_MS = 30_000;

async function fetchDashboard(): Promise<DashboardOverview> {
  const response = await fetch('/api/dashboard', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as DashboardOverview;
}

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-lg border border-border bg-raised p-4">
      <h2 id={id} className="text-sm font-semibold text-muted">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The console's home: read again every 30 s while it is open. */
export function DashboardView({
  initial,
  apiBase,
  monthChart,
}: {
  initial: DashboardOverview;
  /** Where the API answers (apiBaseUrl), for the checklist's curl line. */
  apiBase: string;
  monthChart?: ReactNode;
}) {
  return (
    <Live
      spec={{ queryKey: ['dashboard'], fetch: fetchDashboard, initial, refreshMs: REFRESH_MS }}
      render={(d) => <Overview d={d} apiBase={apiBase} monthChart={monthChart} />}
    />
  );
}

function Overview({ d, apiBase, monthChart }: { d: DashboardOverview; apiBase: string; monthChart?: ReactNode }) {
  const percent = (n: number) => `${(n * 100).toFixed(n > 0 && n < 0.01 ? 2 : 1)} %`;

  const checklist = d.firstSteps ? (
    <FirstSteps steps={d.firstSteps} apiBase={apiBase} freeUnits={d.freeUnitsPerMonth} />
  ) : null;
  // Before the first call the numbers are all zero: the checklist alone says what to do.
  if (d.firstSteps && !d.firstSteps.called) return checklist;

  return (
    <div className="flex flex-col gap-4">
      {checklist}
      {/* A block is told once, by the banner above every console page (blocked-banner.tsx). */}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card title={`Spend in ${d.month} so far`} id="spend-heading">
          <p className="text-2xl font-semibold tabular-nums">{formatAmount(d.spentMicros)}</p>
          <MonthEndEstimateText estimate={d.estimate} className="text-xs text-muted" />
          {d.carried?.note ? (
            <p className="text-xs" data-money="price">
              {d.carried.note}
            </p>
          ) : null}
        </Card>
        <Card title="Last 24 hours" id="day-heading">
          <p className="text-2xl font-semibold tabular-nums">
            {d.last24h.calls.toLocaleString('en-US')}{' '}
            <span className="text-sm font-normal text-muted">{d.last24h.calls === 1 ? 'call' : 'calls'}</span>
          </p>
          {/* Refused calls count here, not on /usage (served calls only): say how many. */}
          <p className="text-xs text-muted">
            {d.last24h.refused
              ? `incl. ${d.last24h.refused.toLocaleString('en-US')} refused before the platform (not billed) · `
              : ''}
            {d.last24h.errors.toLocaleString('en-US')} {d.last24h.errors === 1 ? 'error' : 'errors'}
            {d.last24h.refused ? ', refusals included' : ''} · error rate {percent(d.last24h.errorRate)}
          </p>
        </Card>
        <Card title="Payment method" id="payment-heading">
          <p className="text-sm font-medium">{d.paymentMethod ?? 'None on file'}</p>
          <p className="text-xs text-muted">
            {d.prepaid
              ? 'Calls past the free tier draw on your prepaid credits.'
              : d.paymentMethod
                ? 'Calls past the free tier are billed monthly.'
                : 'Each endpoint stops at its free tier.'}
          </p>
          <Link href="/billing" className="text-sm text-primary underline-offset-4 hover:underline">
            {d.paymentMethod ? 'Billing' : 'Add a payment method'}
          </Link>
        </Card>
        <Card title="Standing" id="standing-heading">
          <Standing blocked={d.blocked !== null} limits={d.limits} />
        </Card>
      </div>
      {monthChart}
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
            No endpoint is near its 50 free units this month.
          </p>
        )}
      </section>
      <nav aria-label="Console sections" className="flex flex-wrap gap-2">
        <Link className={buttonClasses('secondary', 'sm')} href="/keys">
          API keys
        </Link>
        <Link className={buttonClasses('secondary', 'sm')} href="/usage">
          Usage
        </Link>
        <Link className={buttonClasses('secondary', 'sm')} href="/billing">
          Billing
        </Link>
        <Link className={buttonClasses('secondary', 'sm')} href="/explorer">
          Explorer
        </Link>
      </nav>
    </div>
  );
}
