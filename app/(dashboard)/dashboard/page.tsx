import type { Metadata } from 'next';
import { headers } from 'next/headers';

import { DashboardView } from '@/components/dashboard-home/dashboard-view';
import { MonthActivityChart } from '@/components/dashboard-home/month-activity-chart';
import { env } from '@/lib/env';
import { requireSession } from '@/lib/auth/require-session';
import { getDashboardOverview } from '@/lib/server/usage/get-dashboard-overview';
import { getMonthByDay } from '@/lib/server/usage/get-month-by-day';

export const metadata: Metadata = { title: 'Dashboard' };

/** Where the API answers, as a customer would call it: API_PUBLIC_URL, else this console's /v1. */
async function apiBase(): Promise<string> {
  if (env.API_PUBLIC_URL) return env.API_PUBLIC_URL.replace(/\/+$/, '');
  if (env.CONSOLE_PUBLIC_URL) return env.CONSOLE_PUBLIC_URL.replace(/\/+$/, '');
  const h = await headers();
  const host = h.get('host') ?? `localhost:${env.PORT}`;
  return `${h.get('x-forwarded-proto') === 'https' ? 'https' : 'http'}://${host}`;
}

export default async function DashboardPage() {
  const { accountId, email } = await requireSession();
  const overview = await getDashboardOverview({ accountId });
  const curl = `curl -H "X-API-Key: ak_live_…" "${await apiBase()}/v1/forumsite/community/posts?community=news&pages=1"`;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <p className="text-sm text-muted">Signed in as {email}. Months and days are UTC.</p>
      </header>
      <DashboardView
        initial={overview}
        curl={curl}
        monthChart={overview.firstSteps ? null : <MonthActivityChart data={await getMonthByDay({ accountId })} />}
      />
    </div>
  );
}
