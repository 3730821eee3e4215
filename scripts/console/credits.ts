// credits --email <email>: an account's billing mode, credit balance and credit ledger (every
// purchase, recharge, grant, refund and expiry, and each month's draws by endpoint, with the
// running balance).
import { formatMicros } from '@/lib/money';
import { findUserByEmail } from '@/lib/server/account/find-user-by-email';
import { readCreditLedger } from '@/lib/server/billing/credits';
import { emailSchema } from '@/lib/validation/auth';

import { parseFlags, requireFlag, UsageError } from './args';
import type { ConsoleCommand } from './command';

export const creditsCommand: ConsoleCommand = {
  usage: 'credits --email <email>',
  description: "Show an account's billing mode, credit balance and credit ledger.",
  async run(args) {
    const flags = parseFlags(args, ['email']);
    const email = emailSchema.safeParse(requireFlag(flags, 'email'));
    if (!email.success) throw new UsageError(email.error.issues[0]?.message ?? 'Invalid email');
    const user = await findUserByEmail({ email: email.data });
    if (!user) throw new Error(`No account with the email ${email.data}`);
    const ledger = await readCreditLedger(user.accountId);
    console.log(`${email.data}: ${ledger.mode}, credit balance ${formatMicros(ledger.balanceMicros)}`);
    if (!ledger.lines.length) {
      console.log('No credit ledger lines.');
      return;
    }
    for (const line of ledger.lines) {
      const amount = `${line.amountMicros > 0n ? '+' : ''}${formatMicros(line.amountMicros)}`;
      const expires = line.expiresAt ? `  (expires ${line.expiresAt.toISOString().slice(0, 10)})` : '';
      console.log(
        `${line.at.toISOString().slice(0, 10)}  ${line.label}  ${amount}  balance ${formatMicros(line.balanceMicros)}${expires}`,
      );
    }
  },
};
