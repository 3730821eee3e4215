// Browser end-to-end tests: `npm run test:e2e` (builds, then serves the app on port 3100 with
// the migrated test database).
import { defineConfig, devices } from '@playwright/test';

const PORT = 3100;
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: chromiumArgs,
        },
      },
    },
  ],
  webServer: {
    command: 'npm run build && npx tsx scripts/run.ts start',
    port: PORT,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // One trusted proxy hop: each test's X-Forwarded-For stands for what a load balancer reported.
    env: { PORT: String(PORT), API_PORT: String(PORT + 1), TRUSTED_PROXY_HOPS: '1' },
  },
});
