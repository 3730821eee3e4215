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
    // Vitest's default: one fewer worker than the cores (one on a 2-core machine). Three ran the
    // suite in 121 s instead of 169 s, but the billing sandboxes of test files running side by
    // side share one deliveries table, and a webhook test failed once in three runs: kept at one
    // until the sandbox's deliveries are scoped to their sandbox.
    pool: 'forks',
  },
});
