// Tests that need a service this machine may not run (Redis). Locally, a missing service skips
// those tests and says so in the run's summary (lib/testing/skip-report.ts). Where the service is
// required, a missing one fails the file instead of skipping it: under CI (CI set), or when
// REQUIRED_SERVICES names it (.ci/run sets REQUIRED_SERVICES=redis), so a green CI run never
// means "some tests did not run".
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';

export const SKIP_NOTES_ENV = 'TEST_SKIP_NOTES';

function required(service: string): boolean {
  if (process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0') return true;
  return (process.env.REQUIRED_SERVICES ?? '').split(/[\s,]+/).includes(service);
}

/** Records a skip for the summary line, or throws where the service is required. */
function unavailable(service: string, testFile: string, reason: string): undefined {
  const file = path.basename(testFile);
  if (required(service)) {
    throw new Error(
      `${file} needs ${service} (${reason}); it is required here (CI or REQUIRED_SERVICES), so this is a failure, not a skip`,
    );
  }
  const notes = process.env[SKIP_NOTES_ENV];
  if (notes) appendFileSync(notes, `${JSON.stringify({ file, service, reason })}\n`);
  console.warn(`${file}: tests that need ${service} skipped (${reason})`);
  return undefined;
}

async function reachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * The Redis to test against (TEST_REDIS_URL, else REDIS_URL) when it answers; undefined when the
 * tests that need it should skip. Call at the top of the test file with `import.meta.filename`.
 */
export async function requireRedis(testFile: string): Promise<string | undefined> {
  const url = process.env.TEST_REDIS_URL || process.env.REDIS_URL;
  if (!url) return unavailable('redis', testFile, 'set TEST_REDIS_URL or REDIS_URL to run them');
  if (!(await reachable(url))) return unavailable('redis', testFile, `no answer from ${url}`);
  return url;
}
