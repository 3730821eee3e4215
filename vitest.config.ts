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
    // Vitest's default is one fewer than the cores: one worker on a 2-core machine. The tests wait
    // on PostgreSQL and child processes far more than they compute, so three run side by side.
    maxWorkers: 3,
    pool: 'forks',
  },
});
