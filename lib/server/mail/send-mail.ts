import 'server-only';

import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { enqueueJob } from '@/lib/jobs/queue';

export type SendMailOptions = { to: string; subject: string; text: string };

/**
 * Queues one message. Every message is kept in MailMessage first (an outbox: nothing is lost if
 * SMTP is down); with SMTP_URL the worker delivers it (lib/jobs/send-mail.ts, retried), without
 * it the message stays there for /dev/mailbox. The caller never waits on SMTP, so the time a
 * request takes does not tell whether a mail was sent (password reset, sign-up).
 */
export async function sendMail({ to, subject, text }: SendMailOptions): Promise<void> {
  const message = await db.mailMessage.create({ data: { to: to.toLowerCase(), subject, text }, select: { id: true } });
  if (env.SMTP_URL) await enqueueJob('send_mail', { id: message.id }, { jobKey: `mail:${message.id}` });
}
