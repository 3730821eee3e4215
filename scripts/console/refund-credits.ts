// refund-credits --email <email> --amount <dollars> --reason <text>: gives unspent credits back
// to the card that paid for them (newest payments first, one Stripe refund each; grants are not
// refunded), with a "Refunded to your card" line in the account's credit ledger.
import { formatMicros } from '@/lib/money';
import { findUserByEmail } from '@/lib/server/account/find-user-by-email';
import { refundCredits } from '@/lib/server/billing/refund-credits';
import { isConsoleError } from '@/lib/server/console-error';
import { db } from '@/lib/db';
import { emailSchema } from '@/lib/validation/auth';

import { parseFlags, requireFlag, UsageError } from './args';
import type { ConsoleCommand } from './command';
import { dollarsToMicros } from './grant-credits';
import { operatorReason } from './operator-reason';

export const refundCreditsCommand: ConsoleCommand = {
  usage: 'refund-credits --email <email> --amount <dollars> --reason <text>',
  description: "Refund unspent credits to the account's card (newest payments first; grants are not refunded).",
  async run(args) {
    const flags = parseFlags(args, ['email', 'amount', 'reason']);
    const email = emailSchema.safeParse(requireFlag(flags, 'email'));
    if (!email.success) throw new UsageError(email.error.issues[0]?.message ?? 'Invalid email');
    const amount = dollarsToMicros(requireFlag(flags, 'amount'));
    if (amount <= 0n || amount % 10_000n !== 0n) throw new UsageError('--amount must be more than 0, in whole cents');
    const reason = operatorReason(requireFlag(flags, 'reason'));
    const user = await findUserByEmail({ email: email.data });
    if (!user) throw new Error(`No account with the email ${email.data}`);
    try {
      const { refunds } = await refundCredits({
        accountId: user.accountId,
        amountMicros: amount,
        reason,
        createdBy: 'operator (cli)',
      });
      const { creditBalanceMicros } = await db.account.findUniqueOrThrow({
        where: { id: user.accountId },
        select: { creditBalanceMicros: true },
      });
      console.log(
        `Refunded ${formatMicros(amount)} of credits to ${email.data}'s card in ${refunds} refund${refunds === 1 ? '' : 's'} (balance ${formatMicros(creditBalanceMicros)}).`,
      );
    } catch (error) {
      if (isConsoleError(error)) throw new Error(`${email.data}: ${error.message}`);
      throw error;
    }
  },
};
