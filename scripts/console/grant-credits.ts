// grant-credits --email <email> --amount <dollars> --reason <text>: promotional credits, marked as
// such (with the reason) in the account's credit ledger; they expire 12 months later like bought
// credits. A prepaid account's calls draw them; a post-paid account's month close draws them
// before invoicing.
import { formatMicros } from '@/lib/money';
import { findUserByEmail } from '@/lib/server/account/find-user-by-email';
import { addCredits } from '@/lib/server/billing/credits';
import { db } from '@/lib/db';
import { emailSchema } from '@/lib/validation/auth';

import { parseFlags, requireFlag, UsageError } from './args';
import type { ConsoleCommand } from './command';
import { operatorReason } from './operator-reason';

/** The most one grant may add ($10,000): a typo's guard. */
const MAX_GRANT_MICROS = 10_000_000_000n;

/** "10.00", "10", "0.5": dollars to micro-dollars (at most 6 decimals), or a usage error. */
export function dollarsToMicros(value: string): bigint {
  const match = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(value.trim());
  if (!match) throw new UsageError('--amount must be dollars, like 10.00');
  return BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0') || '0');
}

export const grantCreditsCommand: ConsoleCommand = {
  usage: 'grant-credits --email <email> --amount <dollars> --reason <text>',
  description: 'Grant promotional credits to an account (marked as a grant, with the reason, in its ledger).',
  async run(args) {
    const flags = parseFlags(args, ['email', 'amount', 'reason']);
    const email = emailSchema.safeParse(requireFlag(flags, 'email'));
    if (!email.success) throw new UsageError(email.error.issues[0]?.message ?? 'Invalid email');
    const amount = dollarsToMicros(requireFlag(flags, 'amount'));
    if (amount <= 0n || amount > MAX_GRANT_MICROS)
      throw new UsageError('--amount must be more than 0 and at most 10000.00');
    const reason = operatorReason(requireFlag(flags, 'reason'));
    const user = await findUserByEmail({ email: email.data });
    if (!user) throw new Error(`No account with the email ${email.data}`);
    await addCredits({
      accountId: user.accountId,
      kind: 'grant',
      amountMicros: amount,
      reason,
      createdBy: 'operator (cli)',
    });
    const { creditBalanceMicros, billingMode } = await db.account.findUniqueOrThrow({
      where: { id: user.accountId },
      select: { creditBalanceMicros: true, billingMode: true },
    });
    console.log(
      `Granted ${formatMicros(amount)} of credits to ${email.data} (balance ${formatMicros(creditBalanceMicros)}${
        billingMode === 'postpaid' ? '; post-paid: they pay its next invoices first' : ''
      }).`,
    );
  },
};
