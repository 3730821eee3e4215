import 'server-only';

import { db } from '@/lib/db';

/** The latest stored mail, newest first, optionally for one address (/dev/mailbox). */
export async function listMailbox({ to, take = 50 }: { to?: string; take?: number }) {
  return db.mailMessage.findMany({
    where: to ? { to: to.trim().toLowerCase() } : {},
    orderBy: { createdAt: 'desc' },
    take,
    select: { id: true, to: true, subject: true, text: true, createdAt: true },
  });
}
