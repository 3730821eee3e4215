// unblock --email <email> --reason <text>: lift every block of the account (a lost dispute
// settled, an uncollectible invoice paid elsewhere), with the reason recorded in its activity.
import { findUserByEmail } from '@/lib/server/account/find-user-by-email';
import { unblockAccount } from '@/lib/server/billing/unblock-account';
import { emailSchema } from '@/lib/validation/auth';

import { parseFlags, requireFlag, UsageError } from './args';
import type { ConsoleCommand } from './command';
import { operatorReason } from './operator-reason';

export const unblockCommand: ConsoleCommand = {
  usage: 'unblock --email <email> --reason <text>',
  description: "Lift every block of the account; the reason is shown in the account's activity on /billing.",
  async run(args) {
    const flags = parseFlags(args, ['email', 'reason']);
    const email = emailSchema.safeParse(requireFlag(flags, 'email'));
    if (!email.success) throw new UsageError(email.error.issues[0]?.message ?? 'Invalid email');
    const reason = operatorReason(requireFlag(flags, 'reason'));
    const user = await findUserByEmail({ email: email.data });
    if (!user) throw new Error(`No account with the email ${email.data}`);
    const lifted = await unblockAccount({ accountId: user.accountId, reason, actorLabel: 'operator (cli)' });
    if (!lifted.length) throw new Error(`The account of ${email.data} is not blocked.`);
    console.log(
      `Unblocked the account of ${email.data} (lifted: ${[...new Set(lifted)].join(', ').replaceAll('_', ' ')}).`,
    );
  },
};
