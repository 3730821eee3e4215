// GET /api/usage?month=YYYY-MM&key=<key id>: a month of the signed-in account's usage (the
// /usage page's data, refetched while the current month is open).
import { getUsageMonth } from '@/lib/server/usage/get-usage-month';
import { NO_STORE, usageRouteInput } from '@/lib/auth/usage-route';
import { usageMonthQuerySchema } from '@/lib/validation/usage';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const input = await usageRouteInput(request, usageMonthQuerySchema());
  if ('response' in input) return input.response;
  const usage = await getUsageMonth({
    accountId: input.session.accountId,
    month: input.query.month,
    keyId: input.query.key,
  });
  return Response.json(usage, { headers: NO_STORE });
}
