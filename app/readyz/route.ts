// GET /readyz: the console can serve: PostgreSQL reachable, migrations applied, Redis reachable
// when REDIS_URL is set (lib/observability/readiness.ts); 503 naming what is not. No session needed.
import { checkConsoleReadiness } from '@/lib/observability/console-readiness';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const { ready, checks } = await checkConsoleReadiness();
  return Response.json(
    { status: ready ? 'ready' : 'not ready', checks },
    { status: ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
}
