// GET /api/usage/free-units?endpoint=/v1/…: the signed-in account's free units of one endpoint
// left this month, shown by the explorer before a call (refetched after each call).
import { z } from 'zod';

import { findEndpoint } from '@/lib/api/registry';
import { getFreeUnitsLeft } from '@/lib/server/usage/get-free-units-left';
import { NO_STORE, usageRouteInput } from '@/lib/auth/usage-route';

export const dynamic = 'force-dynamic';

const freeUnitsQuerySchema = z.object({
  endpoint: z
    .string()
    .refine((path) => findEndpoint(path) !== undefined, 'endpoint must be a path of the API, like /v1/shop/products'),
});

export async function GET(request: Request): Promise<Response> {
  const input = await usageRouteInput(request, freeUnitsQuerySchema);
  if ('response' in input) return input.response;
  const left = await getFreeUnitsLeft({ accountId: input.session.accountId, endpoint: input.query.endpoint });
  return Response.json(left, { headers: NO_STORE });
}
