// create-account --email <email> --password <password>: an account that can sign in.
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { signUpSchema } from '@/lib/validation/auth';

import { parseFlags, requireFlag, UsageError } from './args';
import type { ConsoleCommand } from './command';

export const createAccountCommand: ConsoleCommand = {
  usage: 'create-account --email <email> --password <password>',
  description: 'Create an account that signs in with this email and password.',
  async run(args) {
    const flags = parseFlags(args, ['email', 'password']);
    const input = signUpSchema.safeParse({
      email: requireFlag(flags, 'email'),
      password: requireFlag(flags, 'password'),
    });
    if (!input.success) {
      throw new UsageError(input.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '));
    }
    const { user } = await createAccountWithUser(input.data);
    console.log(`Created account ${user.accountId} for ${user.email}.`);
  },
};
