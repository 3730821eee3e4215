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
    pool: 'forks',
  },
});
