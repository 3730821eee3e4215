// set-billing --email <email> --invoice on|off: bill an account by invoice (a payment method on
// file for the API's free-tier rule), or stop doing so.
import { setInvoiceBilling } from '@/lib/server/billing/set-invoice-billing';
import { emailSchema } from '@/lib/validation/auth';

import { parseFlags, requireFlag, UsageError } from './args';
import type { ConsoleCommand } from './command';

export const setBillingCommand: ConsoleCommand = {
  usage: 'set-billing --email <email> --invoice on|off',
  description: 'Bill an account by invoice (counts as a payment method on file), or stop.',
  async run(args) {
    const flags = parseFlags(args, ['email', 'invoice']);
    const email = emailSchema.safeParse(requireFlag(flags, 'email'));
    if (!email.success) throw new UsageError(email.error.issues[0]?.message ?? 'Invalid email');
    const invoice = requireFlag(flags, 'invoice');
    if (invoice !== 'on' && invoice !== 'off') throw new UsageError('--invoice must be on or off');
    const account = await setInvoiceBilling({ email: email.data, invoice: invoice === 'on' });
    if (!account) throw new Error(`No account with the email ${email.data}`);
    console.log(`Invoice billing is ${invoice} for ${email.data}.`);
  },
};
