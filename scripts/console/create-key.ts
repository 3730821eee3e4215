// create-key --email <email> [--name <name>]: a key for the account of that email (created
// without a password when missing). The key is printed alone on the last line.
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { emailSchema } from '@/lib/validation/auth';
import { createApiKeySchema } from '@/lib/validation/api-keys';

import { parseFlags, requireFlag, UsageError } from './args';
import type { ConsoleCommand } from './command';

export const createKeyCommand: ConsoleCommand = {
  usage: 'create-key --email <email> [--name <name>]',
  description: 'Create an API key (and the account, if needed); prints the key on the last line.',
  async run(args) {
    const flags = parseFlags(args, ['email', 'name']);
    const email = emailSchema.safeParse(requireFlag(flags, 'email'));
    if (!email.success) throw new UsageError(email.error.issues[0]?.message ?? 'Invalid email');
    const input = createApiKeySchema.safeParse({ name: flags.name });
    if (!input.success) throw new UsageError(input.error.issues.map((i) => i.message).join('; '));

    const account = await findOrCreateAccountByEmail({ email: email.data });
    console.log(account.created ? `Created account for ${email.data}.` : `Using the account of ${email.data}.`);
    const { key, record } = await createApiKey({
      accountId: account.accountId,
      actor: { id: null, label: 'operator (cli)' },
      name: input.data.name,
    });
    console.log(
      `Created key ${record.prefix}…${record.last4}${record.name ? ` (${record.name})` : ''}. It is shown only once:`,
    );
    console.log(key);
  },
};
