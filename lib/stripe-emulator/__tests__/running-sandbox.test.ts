// The operator command line uses the running app's billing sandbox, found like the running embedded
// database (registered under .data/billing-sandbox/ while it runs), or refuses with a clear error;
// it never starts a second sandbox.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureBillingSandbox, NoBillingSandboxError } from '../ensure-running';
import { findRunningSandbox, registerRunningSandbox, registrationFile } from '../runtime';
import { startStripeSandbox, type StripeSandbox } from '../server';

const run = promisify(execFile);
let sandbox: StripeSandbox;
beforeAll(async () => {
  sandbox = await startStripeSandbox({
    port: 0,
    databaseUrl: process.env.DATABASE_URL!,
    webhookUrl: null,
    webhookSecret: 'whsec_running',
  });
});
afterAll(async () => {
  await sandbox?.close();
});

/** A database URL of its own (registrations are per database URL), on the test database. */
const ownDatabaseUrl = () =>
  `${process.env.DATABASE_URL}${process.env.DATABASE_URL!.includes('?') ? '&' : '?'}application_name=f11-${randomUUID().slice(0, 8)}`;

async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

describe('the console command and the running app’s sandbox', () => {
  test('with no sandbox running for the database, the command refuses with a clear error', async () => {
    const error = await withEnv(
      { DATABASE_URL: ownDatabaseUrl(), STRIPE_SECRET_KEY: undefined, STRIPE_SANDBOX_URL: undefined },
      () => ensureBillingSandbox().catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(NoBillingSandboxError);
    expect((error as Error).message).toMatch(/No billing sandbox is running for this database\. Start the app first/);
  });

  test('with the app’s sandbox registered, the command points its Stripe client at it, whatever ports the app uses', async () => {
    const databaseUrl = ownDatabaseUrl();
    const unregister = registerRunningSandbox(databaseUrl, {
      pid: process.pid,
      apiUrl: sandbox.url,
      pagesUrl: sandbox.pagesUrl,
    });
    try {
      const seen = await withEnv(
        {
          DATABASE_URL: databaseUrl,
          STRIPE_SECRET_KEY: undefined,
          STRIPE_SANDBOX_URL: 'http://localhost:3002',
          STRIPE_SANDBOX_PAGES_URL: undefined,
        },
        async () => {
          await ensureBillingSandbox();
          return { api: process.env.STRIPE_SANDBOX_URL, pages: process.env.STRIPE_SANDBOX_PAGES_URL };
        },
      );
      expect(seen).toEqual({ api: sandbox.url, pages: sandbox.pagesUrl });
    } finally {
      unregister();
    }
    expect(existsSync(registrationFile(databaseUrl))).toBe(false);
  });

  test('a registration left by a sandbox that is gone is ignored', async () => {
    const databaseUrl = ownDatabaseUrl();
    const child = spawn(process.execPath, ['-e', '0']);
    const pid = child.pid!;
    await new Promise((r) => child.once('exit', r));
    const unregister = registerRunningSandbox(databaseUrl, { pid, apiUrl: sandbox.url, pagesUrl: sandbox.pagesUrl });
    try {
      expect(findRunningSandbox(databaseUrl)).toBeNull();
    } finally {
      unregister();
    }
  });

  test('the sandbox process registers its addresses and pid while it runs, and removes them when it stops', {
    timeout: 60_000,
  }, async () => {
    const databaseUrl = ownDatabaseUrl();
    const child = spawn(process.execPath, ['--import', 'tsx', 'lib/stripe-emulator/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        STRIPE_SANDBOX_PORT: '0',
        STRIPE_SANDBOX_PAGES_PORT: '0',
        STRIPE_WEBHOOK_SECRET: 'whsec_registered',
        STRIPE_SANDBOX_SECRET_KEY: 'sk_test_sandbox_registered',
        STRIPE_SANDBOX_CONTROL_TOKEN: 'registered-sandbox-token',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Billing sandbox') && resolve());
        child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
      });
      const registered = JSON.parse(readFileSync(registrationFile(databaseUrl), 'utf8')) as {
        pid: number;
        apiUrl: string;
        pagesUrl: string;
      };
      expect(registered.pid).toBe(child.pid);
      expect((await fetch(`${registered.apiUrl}/_sandbox/health`)).status).toBe(200);
      expect(registered.pagesUrl).not.toBe(registered.apiUrl);
      // scripts/run.ts, as `npm run console` runs it: the command's environment names that sandbox.
      const { stdout } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/run.ts',
          'exec',
          process.execPath,
          '-e',
          'console.log(JSON.stringify([process.env.STRIPE_SANDBOX_URL, process.env.STRIPE_SANDBOX_PAGES_URL]))',
        ],
        {
          env: {
            ...process.env,
            DATABASE_URL: databaseUrl,
            PORT: '4999',
            API_PORT: '4998',
            STRIPE_SECRET_KEY: '',
            BILLING_SANDBOX: 'true',
            STRIPE_SANDBOX_URL: '',
          },
        },
      );
      expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual([registered.apiUrl, registered.pagesUrl]);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
    }
    expect(existsSync(registrationFile(databaseUrl))).toBe(false);
  });
});
