// close-month --month YYYY-MM [--email <email>]: invoice the month (every account with usage, or
// one), as the monthly job does. The current month may be closed early; it goes on accruing
// into a next invoice, with nothing billed twice.
import { formatCents, formatMicros } from '@/lib/money';

import { ensureStripeEmulator } from '@/lib/stripe-emulator/ensure-running';
import { findAccountEmails } from '@/lib/server/account/find-account-emails';
import { findUserByEmail } from '@/lib/server/account/find-user-by-email';
import { closeMonth, type ClosedInvoice } from '@/lib/server/billing/close-month';
import { emailSchema } from '@/lib/validation/auth';

import { parseFlags, requireFlag, UsageError } from './args';
import type { ConsoleCommand } from './command';
import { billingMonth } from '@/lib/utc-month';

/**
 * One account's close as the operator reads it: the account by its email (its id only when it
 * has no user left), what was billed, and what was really carried.
 */
export function describeClose(c: ClosedInvoice, email: string | undefined): string {
  const who = email ?? `account ${c.accountId} (no user)`;
  const carriedIn = c.carriedInMicros > 0n ? `, with ${formatMicros(c.carriedInMicros)} carried in` : '';
  const carriedOut =
    c.carriedOutMicros > 0n ? `${formatMicros(c.carriedOutMicros)} carried to the next invoice` : 'nothing carried';
  switch (c.outcome) {
    case 'invoiced':
      return `${who}: invoice ${c.invoiceNumber ?? c.invoiceId} for ${formatCents(c.amountCents)} (${c.invoiceStatus})${carriedIn}; ${carriedOut}`;
    case 'carried':
      return `${who}: under the $0.50 minimum charge, nothing invoiced${carriedIn}; ${carriedOut}`;
    case 'nothing':
      return `${who}: nothing new to invoice; ${c.carriedOutMicros > 0n ? `${formatMicros(c.carriedOutMicros)} still carried to the next invoice` : 'nothing carried'}`;
    case 'failed':
      return `${who}: FAILED: ${c.error}`;
  }
}

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
    const stop = await ensureStripeEmulator();
    try {
      const closed = await closeMonth({ month, accountId });
      const emails = await findAccountEmails({ accountIds: closed.map((c) => c.accountId) });
      for (const c of closed) console.log(describeClose(c, emails.get(c.accountId)));
      const failed = closed.filter((c) => c.outcome === 'failed').length;
      console.log(`Closed ${month} for ${closed.length - failed} account${closed.length - failed === 1 ? '' : 's'}.`);
      // Exit 1: the failures are recorded, and the daily sweep or a new run retries them.
      if (failed)
        throw new Error(
          `${failed} account${failed === 1 ? '' : 's'} failed (recorded; see npm run console -- billing-status)`,
        );
    } finally {
      await stop();
    }
  },
};
