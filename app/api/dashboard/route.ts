// GET /api/dashboard: the console home's numbers for the signed-in account.
import { getConsoleSession } from '@/lib/auth/get-console-session';
import { getDashboardOverview } from '@/lib/server/usage/get-dashboard-overview';
import { NO_STORE } from '@/lib/auth/usage-route';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const session = await getConsoleSession();
  if (!session)
    return Response.json(
      { error: 'Sign in to read the dashboard', code: 'unauthorized' },
      { status: 401, headers: NO_STORE },
    );
  return Response.json(await getDashboardOverview({ accountId: session.accountId }), { headers: NO_STORE });
}
