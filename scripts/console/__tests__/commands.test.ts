// The operator command line as operators and scripts run it: a real process on the test
// database, its output and exit codes, and what it changed.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { hashApiKey } from '@/lib/api-key';
import { db } from '@/lib/db';

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/console.ts', ...args], {
    env: process.env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const email = () => `cli-${randomUUID()}@example.test`;

describe('npm run console', () => {
  test('create-key creates the account and prints a working key alone on the last line', () => {
    const address = email();
    const { status, stdout } = cli('create-key', '--email', address, '--name', 'load test');
    expect(status).toBe(0);
    const key = stdout.trim().split('\n').at(-1)!;
    expect(key).toMatch(/^ak_live_[0-9A-Za-z]{40}$/);
    return db.apiKey.findUnique({ where: { hash: hashApiKey(key) }, include: { account: { include: { users: true } } } }).then((row) => {
      expect(row).toMatchObject({ name: 'load test', status: 'active' });
      expect(row!.account.users.map((u) => u.email)).toEqual([address]);
    });
  });

  test('create-account makes a sign-in account, and refuses a short password with exit 2', async () => {
    const address = email();
    expect(cli('create-account', '--email', address, '--password', 'short').status).toBe(2);
    expect(cli('create-account', '--email', address, '--password', 'long enough password').status).toBe(0);
    const user = await db.user.findUnique({ where: { email: address } });
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
  });

  test('set-billing turns invoice billing on and off', async () => {
    const address = email();
    expect(cli('create-key', '--email', address).status).toBe(0);
    expect(cli('set-billing', '--email', address, '--invoice', 'on').status).toBe(0);
    const user = await db.user.findUniqueOrThrow({ where: { email: address }, include: { account: true } });
    expect(user.account.billingByInvoice).toBe(true);
    expect(cli('set-billing', '--email', address, '--invoice', 'off').status).toBe(0);
    expect((await db.account.findUniqueOrThrow({ where: { id: user.accountId } })).billingByInvoice).toBe(false);
  });

  test.each([
    [['set-billing', '--email', 'x@example.test', '--invoice', 'maybe'], 2],
    [['create-key'], 2],
    [['no-such-command'], 2],
    [['set-billing', '--email', 'nobody-here@example.test', '--invoice', 'on'], 1],
  ])('exits %j with %i', (args, code) => {
    const { status, stderr } = cli(...args);
    expect(status).toBe(code);
    expect(stderr.length).toBeGreaterThan(0);
  });
});
