// Browser end-to-end tests: `npm run test:e2e` (builds, then serves the app on port 3100, or
// E2E_PORT_BASE, with the migrated test database).
import { defineConfig, devices } from '@playwright/test';

import {
  API_PORT,
  CONSOLE_PORT,
  GITHUB_PORT,
  STRIPE_SANDBOX_PAGES_PORT,
  STRIPE_SANDBOX_PORT,
} from './e2e/helpers/ports';
import { stripeEmulatorControlToken } from './e2e/helpers/stripe-emulator';

/** The OAuth app the console is registered as with the fake GitHub. */
const GITHUB_CLIENT = { id: 'e2e-github-client', secret: 'e2e-github-secret' };
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const launchOptions = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs };
const FLOOD_SPEC = /security\/console-connections\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // CI: one retry, as Playwright recommends; the summary counts a test that passed only on it as
  // "flaky", so none goes unseen.
  retries: process.env.CI ? 1 : 0,
  // Generous: two workers, Chromium, Next and PostgreSQL share two cores; no test asserts time.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${CONSOLE_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: FLOOD_SPEC,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      // The connection floods (the console's connection caps) run after every other test, alone: their
      // 1,000 connections load the console and the machine, and a call of another spec running
      // beside them could be answered 503 by the console's own caps.
      name: 'connection-flood',
      testMatch: FLOOD_SPEC,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  webServer: [
    {
      // GitHub's OAuth flow and REST API, as GitHub Enterprise Server serves them (e2e/fakes/github.ts).
      command: 'npx tsx e2e/fakes/github.ts',
      port: GITHUB_PORT,
      reuseExistingServer: !process.env.CI,
      env: {
        PORT: String(GITHUB_PORT),
        GITHUB_CLIENT_ID: GITHUB_CLIENT.id,
        GITHUB_CLIENT_SECRET: GITHUB_CLIENT.secret,
      },
    },
    {
      command: 'npm run build && npx tsx scripts/run.ts start',
      port: CONSOLE_PORT,
      reuseExistingServer: !process.env.CI,
      timeout: 480_000, // the production build first: minutes on a busy 2-core machine
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(CONSOLE_PORT),
        API_PORT: String(API_PORT),
        // The Stripe emulator stands in for Stripe (no STRIPE_SECRET_KEY here), on purpose also
        // when DATABASE_URL names a database of the machine's (scripts/run.ts refuses it otherwise).
        STRIPE_SANDBOX_PORT: String(STRIPE_SANDBOX_PORT),
        STRIPE_SANDBOX_PAGES_PORT: String(STRIPE_SANDBOX_PAGES_PORT),
        // The tests drive /_sandbox/* with the same token (e2e/helpers/stripe-emulator.ts).
        STRIPE_SANDBOX_CONTROL_TOKEN: stripeEmulatorControlToken(),
        STRIPE_SECRET_KEY: '',
        BILLING_SANDBOX: 'true',
        // One trusted proxy hop: each test's X-Forwarded-For stands for what a load balancer reported.
        TRUSTED_PROXY_HOPS: '1',
        // Mail stays in the database; the tests read it at /dev/mailbox.
        SMTP_URL: '',
        DEV_MAILBOX: 'true',
        AUTH_GITHUB_ID: GITHUB_CLIENT.id,
        AUTH_GITHUB_SECRET: GITHUB_CLIENT.secret,
        AUTH_GITHUB_ENTERPRISE_URL: `http://localhost:${GITHUB_PORT}`,
        // The operator the terms and the privacy policy name (e2e/dashboard/terms-and-privacy.spec.ts).
        OPERATOR_NAME: 'Example Data Ltd',
        OPERATOR_ADDRESS: '1 Example Street, Berlin',
        OPERATOR_EMAIL: 'legal@example.com',
      },
    },
  ],
});
