import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Files that stand in for a module (vi.mock) or change process.env: each runs in a fresh module
// registry. The others share their worker's modules (isolate: false), so a worker imports the app
// once rather than once per file: 15 s of imports instead of 80, over a suite of 70 files.
const ownModules = [
  'lib/actions/__tests__/**/*.test.ts',
  'lib/__tests__/oauth-providers.test.ts',
  'lib/__tests__/auth-trust-host.test.ts',
  'lib/observability/__tests__/console-readyz.test.ts',
  'lib/server/billing/__tests__/invoice-wording.test.ts',
];
// Files that act on, or check, the whole database (the monthly close and the daily sweep close
// every account's months; the usage tests check that the rollup equals the ledger for every
// account): they run after all the others, so they never close a month another file is still
// checking, nor read a test's rows half written. The other files keep to accounts of their own.
const wholeDatabase = [
  'lib/jobs/__tests__/close-unclosed-months.test.ts',
  'lib/jobs/__tests__/close-previous-month.test.ts',
  'lib/server/usage/__tests__/usage.test.ts',
];
const allTests = ['lib/**/*.test.ts', 'scripts/**/*.test.ts'];

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // `server-only` throws outside React Server Components; tests run plain Node.
      'server-only': fileURLToPath(new URL('./lib/testing/empty.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    // Prints what was skipped for a missing service (lib/testing/require-service.ts).
    // The servers bundled once for the tests that start them as processes (lib/testing/build-test-servers.ts).
    globalSetup: ['lib/testing/skip-report.ts', 'lib/testing/build-test-servers.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // Vitest's default is one fewer worker than the cores: one on a 2-core machine, where the
    // suite took 169-181 s. Most files wait on PostgreSQL, child processes and sockets rather than
    // the CPU, so three run side by side in about two thirds of the time. Files share the test
    // database: each works on accounts of its own, and the Stripe emulators deliver webhooks
    // only to their own endpoint (lib/stripe-emulator/events.ts).
    maxWorkers: 3,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          include: allTests,
          exclude: [...configDefaults.exclude, ...ownModules, ...wholeDatabase],
        },
      },
      { extends: true, test: { name: 'isolated', include: ownModules } },
      {
        extends: true,
        test: { name: 'whole-database', isolate: false, include: wholeDatabase, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
