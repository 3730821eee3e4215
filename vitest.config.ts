import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // `server-only` throws outside React Server Components; tests run plain Node.
      'server-only': fileURLToPath(new URL('./lib/testing/empty.ts', import.meta.url)),
    },
  },
  test: {
    include: ['lib/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Prints what was skipped for a missing service (lib/testing/require-service.ts).
    globalSetup: ['lib/testing/skip-report.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // Vitest's default is one fewer worker than the cores: one on a 2-core machine, where the
    // suite took 169-181 s. Most files wait on PostgreSQL, child processes and sockets rather than
    // the CPU, so three run side by side in about two thirds of the time. Files share the test
    // database: each works on accounts of its own, and the billing sandboxes deliver webhooks
    // only to their own endpoint (lib/billing/sandbox/events.ts).
    maxWorkers: 3,
    pool: 'forks',
  },
});
