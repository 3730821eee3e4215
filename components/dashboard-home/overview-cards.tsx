// The console home's four cards: the month's spend, the last 24 hours, the payment method and
// the account's standing.
import Link from 'next/link';
import type { ReactNode } from 'react';

import { MonthEndEstimateText } from '@/components/billing/month-end-estimate-text';
import { formatAmount } from '@/lib/money';
import type { DashboardOverview } from '@/lib/server/usage/get-dashboard-overview';

import { Standing } from './standing';

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

function percent(n: number): string {
  return `${(n * 100).toFixed(n > 0 && n < 0.01 ? 2 : 1)} %`;
}

export function OverviewCards({ d }: { d: DashboardOverview }) {
  return (
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
  );
}
