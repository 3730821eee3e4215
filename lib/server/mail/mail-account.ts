import 'server-only';

import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { deliverMail, storeMail } from './send-mail';

/** What a mail to an account says. */
export type Notice = { subject: string; text: string };

export type StoreAccountMailOptions = {
  accountId: string;
  notice: Notice;
  onceKey: string;
  client?: Prisma.TransactionClient;
};

/**
 * Keeps a notice for every user of the account (none for a deleted account), at most once per
 * key and address, with the caller's client (a transaction). The ids go to deliverMail once it commits.
 */
export async function storeAccountMail({
  accountId,
  notice,
  onceKey,
  client = db,
}: StoreAccountMailOptions): Promise<string[]> {
  const users = await client.user.findMany({
    where: { accountId, account: { deletedAt: null } },
    select: { email: true },
  });
  const ids: string[] = [];
  for (const { email } of users) {
    const id = await storeMail(client, { to: email, ...notice, onceKey });
    if (id) ids.push(id);
  }
  return ids;
}

/** The same, delivered at once: for notices that are not part of a transaction. */
export async function mailAccount(options: Omit<StoreAccountMailOptions, 'client'>): Promise<number> {
  const ids = await storeAccountMail(options);
  await deliverMail(ids);
  return ids.length;
}
