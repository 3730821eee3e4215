// GET /usage/export?month=YYYY-MM&key=<key id>&endpoint=/v1/…: the month's usage as CSV, one row
// per UTC day, endpoint and key (columns in lib/server/usage/stream-usage-csv.ts), under the
// filters /usage shows, streamed as a download.
import { streamUsageCsv } from '@/lib/server/usage/stream-usage-csv';
import { NO_STORE, usageRouteInput } from '@/lib/auth/usage-route';
import { usageExportQuerySchema } from '@/lib/validation/usage';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const input = await usageRouteInput(request, usageExportQuerySchema());
  if ('response' in input) return input.response;
  const { month, key, endpoint } = input.query;
  return new Response(streamUsageCsv({ accountId: input.session.accountId, month, keyId: key, endpoint }), {
    headers: {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="usage-${month}.csv"`,
    },
  });
}
