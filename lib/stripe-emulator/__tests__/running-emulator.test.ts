// The operator command line uses the running app's Stripe emulator, found like the running embedded
// database (registered under .data/stripe-emulator/ while it runs), or refuses with a clear error;
// it never starts a second emulator.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureStripeEmulator, NoStripeEmulatorError } from '../ensure-running';
import { findRunningStripeEmulator, registerRunningStripeEmulator, registrationFile } from '../runtime';
import { startStripeEmulator, type StripeEmulator } from '../server';

const run = promisify(execFile);
let emulator: StripeEmulator;
beforeAll(async () => {
  emulator = await startStripeEmulator({
    port: 0,
    databaseUrl: process.env.DATABASE_URL!,
    webhookUrl: null,
    webhookSecret: 'whsec_running',
  });
});
afterAll(async () => {
  await emulator?.close();
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

describe('the console command and the running app’s emulator', () => {
  test('with no emulator running for the database, the command refuses with a clear error', async () => {
    const error = await withEnv(
      { DATABASE_URL: ownDatabaseUrl(), STRIPE_SECRET_KEY: undefined, STRIPE_SANDBOX_URL: undefined },
      () => ensureStripeEmulator().catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(NoStripeEmulatorError);
    expect((error as Error).message).toMatch(/No Stripe emulator is running for this database\. Start the app first/);
  });

  test('with the app’s emulator registered, the command points its Stripe client at it, whatever ports the app uses', async () => {
    const databaseUrl = ownDatabaseUrl();
    const unregister = registerRunningStripeEmulator(databaseUrl, {
      pid: process.pid,
      apiUrl: emulator.url,
      pagesUrl: emulator.pagesUrl,
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
          await ensureStripeEmulator();
          return { api: process.env.STRIPE_SANDBOX_URL, pages: process.env.STRIPE_SANDBOX_PAGES_URL };
        },
      );
      expect(seen).toEqual({ api: emulator.url, pages: emulator.pagesUrl });
    } finally {
      unregister();
    }
    expect(existsSync(registrationFile(databaseUrl))).toBe(false);
  });

  test('a registration left by an emulator that is gone is ignored', async () => {
    const databaseUrl = ownDatabaseUrl();
    const child = spawn(process.execPath, ['-e', '0']);
    const pid = child.pid!;
    await new Promise((r) => child.once('exit', r));
    const unregister = registerRunningStripeEmulator(databaseUrl, {
      pid,
      apiUrl: emulator.url,
      pagesUrl: emulator.pagesUrl,
    });
    try {
      expect(findRunningStripeEmulator(databaseUrl)).toBeNull();
    } finally {
      unregister();
    }
  });

  test('the emulator process registers its addresses and pid while it runs, and removes them when it stops', {
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
        child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Stripe emulator') && resolve());
        child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
      });
      const registered = JSON.parse(readFileSync(registrationFile(databaseUrl), 'utf8')) as {
        pid: number;
        apiUrl: string;
        pagesUrl: string;
      };
      expect(registered.pid).toBe(child.pid);
      expect((await fetch(`${registered.apiUrl}/_sandbox/health`)).status).toBe(200);
      expect(registered.pagesUrl).not.toBe(registered.apiUrl);
      // scripts/run.ts, as `npm run console` runs it: the command's environment names that emulator.
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
