// The operator command line as operators and scripts run it: a real process on the test
// database, its output and exit codes, and what it changed.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { hashApiKey } from '@/lib/api-key';
import { db } from '@/lib/db';
import { consoleArgs } from '@/lib/testing/console-command';

/** Runs the command line to its end; its exit code and output. */
function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return cliWith({}, ...args);
}

/** `cli` with variables added to the environment. */
function cliWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      consoleArgs(args),
      { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

const email = () => `cli-${randomUUID()}@example.test`;

// Each test starts its own processes on its own account: they run side by side, so the file takes
// as long as its slowest test rather than the sum of a dozen process starts.
describe.concurrent('npm run console', { timeout: 120_000 }, () => {
  test('create-key creates the account and prints a working key alone on the last line', async () => {
    const address = email();
    const { status, stdout } = await cli('create-key', '--email', address, '--name', 'load test');
    expect(status).toBe(0);
    const key = stdout.trim().split('\n').at(-1)!;
    expect(key).toMatch(/^ak_live_[0-9A-Za-z]{40}$/);
    const row = await db.apiKey.findUnique({
      where: { hash: hashApiKey(key) },
      include: { account: { include: { users: true } } },
    });
    expect(row).toMatchObject({ name: 'load test', status: 'active' });
    expect(row!.account.users.map((u) => u.email)).toEqual([address]);
  });

  test('create-account makes a sign-in account, and refuses a short password with exit 2', async () => {
    const address = email();
    expect((await cli('create-account', '--email', address, '--password', 'short')).status).toBe(2);
    expect((await cli('create-account', '--email', address, '--password', 'long enough password')).status).toBe(0);
    const user = await db.user.findUnique({ where: { email: address } });
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
  });

  test('set-billing turns invoice billing on and off', async () => {
    const address = email();
    expect((await cli('create-key', '--email', address)).status).toBe(0);
    expect((await cli('set-billing', '--email', address, '--invoice', 'on')).status).toBe(0);
    const user = await db.user.findUniqueOrThrow({ where: { email: address }, include: { account: true } });
    expect(user.account.billingByInvoice).toBe(true);
    expect((await cli('set-billing', '--email', address, '--invoice', 'off')).status).toBe(0);
    expect((await db.account.findUniqueOrThrow({ where: { id: user.accountId } })).billingByInvoice).toBe(false);
  });

  test('close-month names each account by its email, not its id', async () => {
    const address = email();
    expect((await cli('create-key', '--email', address)).status).toBe(0);
    const { accountId } = await db.user.findUniqueOrThrow({ where: { email: address } });
    const month = new Date().toISOString().slice(0, 7);
    // An account with nothing to invoice: the close reaches no Stripe (a key only passes the check
    // for a running Stripe emulator).
    const { status, stdout, stderr } = await cliWith(
      { STRIPE_SECRET_KEY: 'sk_test_unused' },
      'close-month',
      '--month',
      month,
      '--email',
      address,
    );
    expect(status, stderr).toBe(0);
    expect(stdout).toContain(`${address}: nothing new to invoice`);
    expect(stdout).not.toContain(accountId);
  });

  test.each([
    [['set-billing', '--email', 'x@example.test', '--invoice', 'maybe'], 2],
    [['create-key'], 2],
    [['no-such-command'], 2],
    [['set-billing', '--email', 'nobody-here@example.test', '--invoice', 'on'], 1],
  ])('exits %j with %i', async (args, code) => {
    const { status, stderr } = await cli(...args);
    expect(status).toBe(code);
    expect(stderr.length).toBeGreaterThan(0);
  });
});
