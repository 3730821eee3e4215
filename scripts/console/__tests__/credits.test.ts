// `npm run console -- credits` and `grant-credits` as an operator runs them (a real process on
// the test database): a grant is marked as such with its reason in the ledger, the balance equals
// the sum of the ledger's lines (draws included), and bad command lines are told what is wrong.
// `set-billing --mode` moves an account between post-paid and prepaid, keeping its credits;
// `refund-credits` refunds only what was paid for.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { readCreditLedger } from '@/lib/server/billing/credits';
import { billingMonth } from '@/lib/utc-month';
import { consoleArgs } from '@/lib/testing/console-command';

function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      consoleArgs(args),
      { env: process.env, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe('npm run console -- credits, grant-credits, refund-credits, set-billing --mode', { timeout: 120_000 }, () => {
  test('grants promotional credits, marked with the reason; the ledger sums to the balance; post-paid keeps them', async () => {
    const email = `credits-${randomUUID()}@example.test`;
    const { accountId } = await findOrCreateAccountByEmail({ email });
    expect(await cli('set-billing', '--email', email, '--mode', 'prepaid')).toMatchObject({
      status: 0,
      stdout: `${email} is now prepaid (the open month was closed first).\n`,
    });
    const granted = await cli('grant-credits', '--email', email, '--amount', '10.00', '--reason', 'Launch promotion');
    expect(granted).toMatchObject({ status: 0, stdout: `Granted $10.00 of credits to ${email} (balance $10.00).\n` });
    // Calls drew $0.0123 this month (as record_usage writes them: the balance and the monthly row).
    await db.usageMonthly.create({
      data: {
        accountId,
        endpoint: '/v1/forumsite/posts',
        month: billingMonth(),
        amountMicros: 12_300n,
        creditMicros: 12_300n,
      },
    });
    await db.usageDaily.create({
      data: {
        accountId,
        apiKeyId: '',
        endpoint: '/v1/forumsite/posts',
        day: new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`),
        amountMicros: 12_300n,
      },
    });
    await db.account.update({ where: { id: accountId }, data: { creditBalanceMicros: { decrement: 12_300n } } });

    const shown = await cli('credits', '--email', email);
    expect(shown.status).toBe(0);
    const lines = shown.stdout.trim().split('\n');
    expect(lines[0]).toBe(`${email}: prepaid, credit balance $9.9877`);
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\d {2}Promotional credits: Launch promotion {2}\+\$10\.00 {2}balance \$10\.00 {2}\(expires \d{4}-\d\d-\d\d\)$/,
    );
    expect(lines[2]).toMatch(/Calls to \/v1\/forumsite\/posts in \d{4}-\d\d {2}-\$0\.0123 {2}balance \$9\.9877$/);
    const ledger = await readCreditLedger(accountId);
    expect(ledger.lines.reduce((sum, l) => sum + l.amountMicros, 0n)).toBe(ledger.balanceMicros);
    const grant = await db.creditEntry.findFirstOrThrow({ where: { accountId } });
    expect(grant).toMatchObject({ kind: 'grant', reason: 'Launch promotion', createdBy: 'operator (cli)' });
    // Credits expire 12 months after they were added.
    const expires = new Date(grant.createdAt);
    expires.setUTCMonth(expires.getUTCMonth() + 12);
    expect(grant.expiresAt).toEqual(expires);
    // Back to post-paid, the credits left are kept: they pay the next invoices first.
    expect(await cli('set-billing', '--email', email, '--mode', 'postpaid')).toMatchObject({
      status: 0,
      stdout: `${email} is now postpaid. Its $9.9877 of credits pay its next invoices first.\n`,
    });
    expect(await cli('grant-credits', '--email', email, '--amount', '1.00', '--reason', 'Goodwill')).toMatchObject({
      status: 0,
      stdout: `Granted $1.00 of credits to ${email} (balance $10.9877; post-paid: they pay its next invoices first).\n`,
    });
    // Grants are not refunded to a card.
    const refund = await cli('refund-credits', '--email', email, '--amount', '5.00', '--reason', 'Customer asked');
    expect(refund.status).toBe(1);
    expect(refund.stderr).toContain(
      `${email}: Only $0.00 of the credits were paid for and not refunded yet (grants are not refunded)`,
    );
  });

  test('tells what is wrong with a bad command line', async () => {
    const email = `credits-${randomUUID()}@example.test`;
    await findOrCreateAccountByEmail({ email });
    const bad = [
      [['--amount', 'ten', '--reason', 'Promotion'], '--amount must be dollars, like 10.00'],
      [['--amount', '0', '--reason', 'Promotion'], '--amount must be more than 0 and at most 10000.00'],
      [['--amount', '10000.01', '--reason', 'Promotion'], '--amount must be more than 0 and at most 10000.00'],
      [['--amount', '5'], 'Missing --reason'],
      [['--amount', '5', '--reason', 'x'], '--reason must be 3 to 500 characters'],
    ] as const;
    // Each command line is refused on its own, changing nothing: they run side by side.
    const [refusals, unknown, both, weekly, fraction] = await Promise.all([
      Promise.all(bad.map(([args]) => cli('grant-credits', '--email', email, ...args))),
      cli('credits', '--email', `nobody-${randomUUID()}@example.test`),
      cli('set-billing', '--email', email, '--mode', 'prepaid', '--invoice', 'on'),
      cli('set-billing', '--email', email, '--mode', 'weekly'),
      cli('refund-credits', '--email', email, '--amount', '1.005', '--reason', 'Customer asked'),
    ]);
    expect(refusals.map((r) => ({ status: r.status, message: r.stderr.split('\n')[0] }))).toEqual(
      bad.map(([, message]) => ({ status: 2, message })),
    );
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account with the email');
    expect(both.status).toBe(2);
    expect(weekly).toMatchObject({ status: 2 });
    expect(fraction.status).toBe(2);
    expect(fraction.stderr.split('\n')[0]).toBe('--amount must be more than 0, in whole cents');
  });
});
