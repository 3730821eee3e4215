'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';

import { buttonClasses } from '@/components/ui/button';
import type { DashboardOverview } from '@/lib/server/usage/get-dashboard-overview';

import { AutoRefresh } from '@/components/auto-refresh/auto-refresh';

import { FirstSteps } from './first-steps';
import { FreeTierList } from './free-tier-list';
import { OverviewCards } from './overview-cards';

const REFRESH_MS = 30_000;

async function fetchDashboard(): Promise<DashboardOverview> {
  const response = await fetch('/api/dashboard', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as DashboardOverview;
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
    <AutoRefresh
      spec={{ queryKey: ['dashboard'], fetch: fetchDashboard, initial, refreshMs: REFRESH_MS }}
      render={(d) => <Overview d={d} apiBase={apiBase} monthChart={monthChart} />}
    />
  );
}

function Overview({ d, apiBase, monthChart }: { d: DashboardOverview; apiBase: string; monthChart?: ReactNode }) {
  const checklist = d.firstSteps ? (
    <FirstSteps steps={d.firstSteps} apiBase={apiBase} freeUnits={d.freeUnitsPerMonth} />
  ) : null;
  // Before the first call the numbers are all zero: the checklist alone says what to do.
  if (d.firstSteps && !d.firstSteps.called) return checklist;

  return (
    <div className="flex flex-col gap-4">
      {checklist}
      {/* A block is told once, by the banner above every console page (blocked-banner.tsx). */}
      <OverviewCards d={d} />
      {monthChart}
      <FreeTierList d={d} />
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
