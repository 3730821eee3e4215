// `npm run console -- unblock` as an operator runs it (a real process on the test database): it
// lifts every block of the account, records the reason in the account's activity, and says what is
// wrong with a bad command line.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { blockAccount } from '@/lib/server/billing/block-account';
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

const standing = (accountId: string) =>
  db.account.findUniqueOrThrow({ where: { id: accountId }, select: { blockedAt: true, blockedCauses: true } });

describe.concurrent('npm run console -- unblock', { timeout: 120_000 }, () => {
  test("lifts a lost dispute's block and an operator's block, with the reason in the account's activity", async () => {
    const email = `unblock-${randomUUID()}@example.test`;
    const { accountId } = await findOrCreateAccountByEmail({ email });
    await blockAccount({
      accountId,
      cause: 'dispute',
      stripeDisputeId: `du_${randomUUID()}`,
      amountCents: 120,
      actor: { label: 'Billing' },
    });
    const blocked = await cli('block', '--email', email, '--reason', 'Chargeback under review');
    expect(blocked).toMatchObject({ status: 0, stdout: `Blocked the account of ${email}.\n` });
    expect((await standing(accountId)).blockedCauses).toEqual(['dispute', 'operator']);

    const result = await cli('unblock', '--email', email, '--reason', 'Dispute settled by bank transfer');
    expect(result).toMatchObject({
      status: 0,
      stdout: `Unblocked the account of ${email} (lifted: dispute, operator).\n`,
    });
    expect(await standing(accountId)).toEqual({ blockedAt: null, blockedCauses: [] });
    const activity = await db.accountEvent.findMany({
      where: { accountId },
      orderBy: [{ createdAt: 'asc' }, { type: 'asc' }],
      select: { type: true, detail: true, actorLabel: true },
    });
    expect(activity).toEqual([
      {
        type: 'blocked',
        detail: 'A payment of $1.20 was disputed and the dispute was lost: contact support.',
        actorLabel: 'Billing',
      },
      {
        type: 'blocked',
        detail: 'The account was blocked by our staff: contact support.',
        actorLabel: 'operator (cli)',
      },
      { type: 'unblocked', detail: 'Dispute settled by bank transfer', actorLabel: 'operator (cli)' },
    ]);
  });

  test.each([
    [['unblock', '--email', 'someone@example.test'], 2, 'Missing --reason'],
    [['unblock', '--email', 'someone@example.test', '--reason', ' '], 2, '--reason must be 3 to 500 characters'],
    [['unblock', '--email', 'not-an-email', '--reason', 'settled'], 2, ''],
    [
      ['unblock', '--email', 'nobody-here@example.test', '--reason', 'settled'],
      1,
      'No account with the email nobody-here@example.test',
    ],
  ])('unblock %j exits %i naming what is wrong', async (args, code, message) => {
    const { status, stderr } = await cli(...args);
    expect(status).toBe(code);
    expect(stderr).toContain(message);
  });

  test('refuses an account that is not blocked with exit 1', async () => {
    const email = `not-blocked-${randomUUID()}@example.test`;
    await findOrCreateAccountByEmail({ email });
    const { status, stderr } = await cli('unblock', '--email', email, '--reason', 'settled');
    expect({ status, stderr }).toEqual({ status: 1, stderr: `Error: The account of ${email} is not blocked.\n` });
  });
});
