// Whether a process runs on the embedded database, the fresh-machine default. scripts/run.ts gives
// its children a DATABASE_URL even then (the embedded server's), so DATABASE_URL alone cannot
// tell; it also sets EMBEDDED_DATABASE_URL to the same address, which a nested run (the browser
// tests' `scripts/run.ts start` under `scripts/run.ts test`) recognises.
import type { EnvRecord } from '@/lib/env';

/** True with no DATABASE_URL, or when DATABASE_URL is the embedded server a parent run.ts started. */
export function onEmbeddedDatabase(env: EnvRecord): boolean {
  return !env.DATABASE_URL || env.DATABASE_URL === env.EMBEDDED_DATABASE_URL;
}
