// GET /usage/export?month=YYYY-MM: the month's usage as CSV, one row per UTC day, endpoint and
// key (columns in lib/server/usage/stream-usage-csv.ts), streamed as a download.
import { streamUsageCsv } from '@/lib/server/usage/stream-usage-csv';
import { NO_STORE, usageRouteInput } from '@/lib/auth/usage-route';
import { usageMonthQuerySchema } from '@/lib/validation/usage';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const input = await usageRouteInput(request, usageMonthQuerySchema());
  if ('response' in input) return input.response;
  const { month } = input.query;
  return new Response(streamUsageCsv({ accountId: input.session.accountId, month }), {
    headers: {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="usage-${month}.csv"`,
    },
  });
}
