// GET /readyz: the console can serve: PostgreSQL reachable, migrations applied, Redis reachable
// when REDIS_URL is set (lib/observability/readiness.ts); 503 naming the check that failed, its
// reason in the log only (it can name a host and port). No session needed.
import { checkConsoleReadiness } from '@/lib/observability/console-readiness';
import { logger } from '@/lib/observability/logger';
import { readinessAnswer } from '@/lib/observability/readiness';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const { httpStatus, body } = readinessAnswer(await checkConsoleReadiness(), (line) =>
    logger.warn(`console /readyz: ${line}`),
  );
  return Response.json(body, { status: httpStatus, headers: { 'cache-control': 'no-store' } });
}
