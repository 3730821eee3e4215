import type { Metadata } from 'next';

import { DashboardView } from '@/components/dashboard-home/dashboard-view';
import { MonthActivityChart } from '@/components/dashboard-home/month-activity-chart';
import { apiBaseUrl } from '@/lib/http/api-base-url';
import { requireSession } from '@/lib/auth/require-session';
import { getDashboardOverview } from '@/lib/server/usage/get-dashboard-overview';
import { getMonthByDay } from '@/lib/server/usage/get-month-by-day';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const { accountId, email } = await requireSession();
  const overview = await getDashboardOverview({ accountId });
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <p className="text-sm text-muted">Signed in as {email}. Months and days are UTC.</p>
      </header>
      <DashboardView
        initial={overview}
        apiBase={apiBaseUrl()}
        monthChart={
          overview.firstSteps?.called === false ? null : (
            <MonthActivityChart data={await getMonthByDay({ accountId })} />
          )
        }
      />
    </div>
  );
}
