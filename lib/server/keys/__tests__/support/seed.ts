// Test accounts, created through the same functions the app uses.
import { randomUUID } from 'node:crypto';

import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID()}@keys.test`;
}

export async function seedAccount(label = 'owner') {
  const { user } = await createAccountWithUser({ email: uniqueEmail(label) });
  return { accountId: user.accountId, actor: { id: user.id, label: user.email } };
}
