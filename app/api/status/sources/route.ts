// GET /api/status/sources: each family's source on this deployment (live, upstream or sandbox),
// read from the running server's environment; /docs shows it (the reference itself is static).
import { summarizeSources } from '@/lib/api/providers/source-summary';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json(summarizeSources(), { headers: { 'cache-control': 'public, max-age=30' } });
}
