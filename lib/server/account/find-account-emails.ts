import 'server-only';

import { db } from '@/lib/db';

export type FindAccountEmailsOptions = { accountIds: string[] };

/**
 * Each account's first user's email (the one that signed up), by account id: how the operator
 * knows an account in the command line's output. An account without users is absent.
 */
export async function findAccountEmails({ accountIds }: FindAccountEmailsOptions): Promise<Map<string, string>> {
  const users = await db.user.findMany({
    where: { accountId: { in: [...new Set(accountIds)] } },
    orderBy: { createdAt: 'asc' },
    select: { accountId: true, email: true },
  });
  const emails = new Map<string, string>();
  for (const u of users) if (!emails.has(u.accountId)) emails.set(u.accountId, u.email);
  return emails;
}
