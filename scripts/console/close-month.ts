// close-month --month YYYY-MM [--email <email>]: invoice the month (every account with usage, or
// one), as the monthly job does. The current month may be closed early; it goes on accruing
// into a next invoice, with nothing billed twice.
import { billingMonth } from '@/lib/api/pricing';
import { ensureBillingSandbox } from '@/lib/billing/sandbox/ensure-running';
import { findUserByEmail } from '@/lib/server/accounts/find-user-by-email';
import { closeMonth } from '@/lib/server/billing/close-month';
import { emailSchema } from '@/lib/validation/auth';

import { parseFlags, requireFlag, UsageError } from './args';
import type { ConsoleCommand } from './command';

export const closeMonthCommand: ConsoleCommand = {
  usage: 'close-month --month YYYY-MM [--email <email>]',
  description: 'Invoice a month from the usage ledger (all accounts, or one); the current month may be closed early.',
  async run(args) {
    const flags = parseFlags(args, ['month', 'email']);
    const month = requireFlag(flags, 'month');
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new UsageError('--month must be YYYY-MM');
    if (month > billingMonth()) throw new UsageError(`--month ${month} has not started yet`);
    let accountId: string | undefined;
    if (flags.email) {
      const email = emailSchema.safeParse(flags.email);
      if (!email.success) throw new UsageError(email.error.issues[0]?.message ?? 'Invalid email');
      const user = await findUserByEmail({ email: email.data });
      if (!user) throw new Error(`No account with the email ${email.data}`);
      accountId = user.accountId;
    }
    const stop = await ensureBillingSandbox();
    try {
      const closed = await closeMonth({ month, accountId });
      for (const c of closed) {
        console.log(c.invoiceId ? `${c.accountId}: invoice ${c.invoiceId}, $${(c.amountCents / 100).toFixed(2)}` : `${c.accountId}: nothing to invoice (${c.carriedOutMicros} micro-dollars carried forward)`);
      }
      console.log(`Closed ${month} for ${closed.length} account${closed.length === 1 ? '' : 's'}.`);
    } finally {
      await stop();
    }
  },
};
