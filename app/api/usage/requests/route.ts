// GET /api/usage/requests: the signed-in account's request log, newest first, with filters
// (endpoint, key, status=2xx|4xx|5xx|refused, code, from, to, requestId) and a cursor for the next
// page; the first page also carries the refused calls under the same filters (`refusals`).
import { isConsoleError } from '@/lib/server/console-error';
import { listUsageRequests } from '@/lib/server/usage/list-usage-requests';
import { NO_STORE, usageRouteInput } from '@/lib/auth/usage-route';
import { requestLogQuerySchema } from '@/lib/validation/usage';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const input = await usageRouteInput(request, requestLogQuerySchema);
  if ('response' in input) return input.response;
  try {
    const page = await listUsageRequests({ accountId: input.session.accountId, query: input.query });
    return Response.json(page, { headers: NO_STORE });
  } catch (error) {
    if (isConsoleError(error, 'bad_cursor'))
      return Response.json({ error: error.message, code: 'invalid_parameter' }, { status: 400, headers: NO_STORE });
    throw error;
  }
}
