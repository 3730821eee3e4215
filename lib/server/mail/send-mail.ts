import 'server-only';

import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { Prisma } from '@/lib/generated/prisma/client';
import { enqueueJob } from '@/lib/queue/enqueue-job';

export type SendMailOptions = {
  to: string;
  subject: string;
  text: string;
  /** A notice sent at most once per address under this key (e.g. `invoice-paid:<invoice id>`). */
  onceKey?: string;
};

/**
 * Keeps one message in the outbox (MailMessage) with the caller's client, so that a notice can be
 * written in the same transaction as the change it tells of. The id to hand to deliverMail once
 * that transaction commits, or null when a message with the same onceKey went to this address.
 */
export async function storeMail(
  client: Prisma.TransactionClient,
  { to, subject, text, onceKey }: SendMailOptions,
): Promise<string | null> {
  const [message] = await client.mailMessage.createManyAndReturn({
    data: [{ to: to.toLowerCase(), subject, text, onceKey: onceKey ?? null }],
    skipDuplicates: true,
    select: { id: true },
  });
  return message?.id ?? null;
}

/** With SMTP_URL, has the worker deliver stored messages (lib/jobs/send-mail-task.ts, retried). */
export async function deliverMail(ids: string[]): Promise<void> {
  if (!env.SMTP_URL) return;
  for (const id of ids) await enqueueJob('send_mail', { id }, { jobKey: `mail:${id}` });
}

/**
 * Queues one message. Every message is kept in MailMessage first (an outbox: nothing is lost if
 * SMTP is down); with SMTP_URL the worker delivers it (lib/jobs/send-mail-task.ts, retried), without
 * it the message stays there for /dev/mailbox. The caller never waits on SMTP, so the time a
 * request takes does not tell whether a mail was sent (password reset, sign-up). False when a
 * message with the same onceKey already went to this address (nothing is sent again).
 */
export async function sendMail(options: SendMailOptions): Promise<boolean> {
  const id = await storeMail(db, options);
  if (id) await deliverMail([id]);
  return id !== null;
}
