// set-billing --email <email> --invoice on|off: bill an account by invoice (a payment method on
// file for the API's free-tier rule), or stop doing so.
// set-billing --email <email> --mode prepaid|postpaid: move the account between post-paid
// (invoiced after the month) and prepaid credits; to prepaid closes the open month first.
import { formatMicros } from '@/lib/money';
import { findUserByEmail } from '@/lib/server/account/find-user-by-email';
import { setBillingMode } from '@/lib/server/billing/set-billing-mode';
import { setInvoiceBilling } from '@/lib/server/billing/set-invoice-billing';
import { emailSchema } from '@/lib/validation/auth';

import { parseFlags, requireFlag, UsageError } from './args';
import type { ConsoleCommand } from './command';

export const setBillingCommand: ConsoleCommand = {
  usage: 'set-billing --email <email> (--invoice on|off | --mode prepaid|postpaid)',
  description:
    'Bill an account by invoice (counts as a payment method on file), or stop; or move it between post-paid and prepaid credits.',
  async run(args) {
    const flags = parseFlags(args, ['email', 'invoice', 'mode']);
    const email = emailSchema.safeParse(requireFlag(flags, 'email'));
    if (!email.success) throw new UsageError(email.error.issues[0]?.message ?? 'Invalid email');
    if ((flags.invoice === undefined) === (flags.mode === undefined)) {
      throw new UsageError('Give one of --invoice on|off and --mode prepaid|postpaid');
    }
    if (flags.mode !== undefined) {
      const mode = flags.mode;
      if (mode !== 'prepaid' && mode !== 'postpaid') throw new UsageError('--mode must be prepaid or postpaid');
      const user = await findUserByEmail({ email: email.data });
      if (!user) throw new Error(`No account with the email ${email.data}`);
      const result = await setBillingMode({ accountId: user.accountId, mode });
      if (result.outcome === 'close_failed') {
        throw new Error(`Closing the open month of ${email.data} failed, so it stays post-paid: ${result.error}`);
      }
      console.log(
        result.outcome === 'unchanged'
          ? `${email.data} is already ${mode}.`
          : `${email.data} is now ${mode}${mode === 'prepaid' ? ' (the open month was closed first)' : ''}.${
              mode === 'postpaid' && result.creditsMicros > 0n
                ? ` Its ${formatMicros(result.creditsMicros)} of credits pay its next invoices first.`
                : ''
            }`,
      );
      return;
    }
    const invoice = requireFlag(flags, 'invoice');
    if (invoice !== 'on' && invoice !== 'off') throw new UsageError('--invoice must be on or off');
    const account = await setInvoiceBilling({ email: email.data, invoice: invoice === 'on' });
    if (!account) throw new Error(`No account with the email ${email.data}`);
    console.log(`Invoice billing is ${invoice} for ${email.data}.`);
  },
};
