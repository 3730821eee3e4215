// Readiness (GET /readyz) of the API server and the console: PostgreSQL answers, every migration
// in prisma/migrations (the folder lib/db/migrate applies) is recorded as applied in
// _prisma_migrations, and Redis answers when REDIS_URL is set. Each check is bounded in time, so
// a load balancer asking gets an answer even while a dependency hangs. /readyz is public, so it
// answers each check's state only ('ok' or 'failed'); a failure's reason (which can name a
// database host and port) goes to the log (readinessAnswer). Liveness (GET /healthz) checks
// nothing: the process answers.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

type CheckResult = 'ok' | string;

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; redis?: CheckResult };
}

export interface ReadinessProbes {
  /** Runs a query and returns its rows (the caller's pool or Prisma client). */
  query(sql: string): Promise<{ migration_name: string }[]>;
  /** Pings Redis; absent when REDIS_URL is unset. */
  pingRedis?: () => Promise<unknown>;
  timeoutMs?: number;
}

/**
 * The migrations this build expects: the folder names under prisma/migrations. The path is spelled
 * out from the working directory so that Next's file tracing keeps to that folder (a computed path
 * makes it trace the whole project).
 */
export function expectedMigrations(dir = path.join(process.cwd(), 'prisma', 'migrations')): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A failure as a short reason, never a connection string (pg's messages name host and port only). */
const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);

export async function checkReadiness(probes: ReadinessProbes): Promise<Readiness> {
  const ms = probes.timeoutMs ?? 2_000;
  const checks: Readiness['checks'] = { database: 'ok', migrations: 'ok' };
  const database = within(
    probes.query(
      `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    ),
    ms,
    'PostgreSQL',
  ).then(
    (rows) => {
      const applied = new Set(rows.map((r) => r.migration_name));
      const missing = expectedMigrations().filter((name) => !applied.has(name));
      if (missing.length)
        checks.migrations = `${missing.length} not applied (npm run db:migrate): ${missing.slice(0, 3).join(', ')}`;
    },
    (error: unknown) => {
      const undefinedTable =
        (error as { code?: string }).code === '42P01' || /_prisma_migrations.*does not exist/.test(reason(error));
      if (undefinedTable) checks.migrations = 'none applied (npm run db:migrate)';
      else {
        checks.database = reason(error);
        checks.migrations = 'unknown (database unreachable)';
      }
    },
  );
  const redis = probes.pingRedis
    ? within(probes.pingRedis(), ms, 'Redis').then(
        () => void (checks.redis = 'ok'),
        (error: unknown) => void (checks.redis = reason(error)),
      )
    : undefined;
  await Promise.all([database, redis]);
  const ready = Object.values(checks).every((c) => c === 'ok');
  return { ready, checks };
}

type CheckState = 'ok' | 'failed';

export interface ReadinessAnswer {
  httpStatus: 200 | 503;
  body: { status: 'ready' | 'not ready'; checks: Partial<Record<keyof Readiness['checks'], CheckState>> };
}

/**
 * What /readyz answers, the same for the API server and the console: 200 or 503 and each check's
 * state, never its reason; the reasons of the failed checks go to `log`, one line.
 */
export function readinessAnswer(readiness: Readiness, log: (message: string) => void): ReadinessAnswer {
  const checks: ReadinessAnswer['body']['checks'] = {};
  const reasons: string[] = [];
  for (const [name, result] of Object.entries(readiness.checks) as [keyof Readiness['checks'], CheckResult][]) {
    checks[name] = result === 'ok' ? 'ok' : 'failed';
    if (result !== 'ok') reasons.push(`${name}: ${result}`);
  }
  if (reasons.length > 0) log(`not ready: ${reasons.join('; ')}`);
  return {
    httpStatus: readiness.ready ? 200 : 503,
    body: { status: readiness.ready ? 'ready' : 'not ready', checks },
  };
}
