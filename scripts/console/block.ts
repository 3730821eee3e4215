// block --email <email> --reason <text>: block the account's API calls (403 account_blocked)
// until `unblock`; the reason is recorded in the account's activity.
import { findUserByEmail } from '@/lib/server/account/find-user-by-email';
import { blockAccount } from '@/lib/server/billing/block-account';
import { emailSchema } from '@/lib/validation/auth';

import { parseFlags, requireFlag, UsageError } from './args';
import type { ConsoleCommand } from './command';
import { operatorReason } from './operator-reason';

export const blockCommand: ConsoleCommand = {
  usage: 'block --email <email> --reason <text>',
  description: "Block the account's API calls until unblock; the reason is kept with the block.",
  async run(args) {
    const flags = parseFlags(args, ['email', 'reason']);
    const email = emailSchema.safeParse(requireFlag(flags, 'email'));
    if (!email.success) throw new UsageError(email.error.issues[0]?.message ?? 'Invalid email');
    const reason = operatorReason(requireFlag(flags, 'reason'));
    const user = await findUserByEmail({ email: email.data });
    if (!user) throw new Error(`No account with the email ${email.data}`);
    await blockAccount({
      accountId: user.accountId,
      cause: 'operator',
      note: reason,
      actor: { label: 'operator (cli)', reason },
    });
    console.log(`Blocked the account of ${email.data}.`);
  },
};
