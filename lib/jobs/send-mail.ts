// Worker task: delivers one queued MailMessage over SMTP_URL (lib/server/mail/send-mail.ts
// queues it). A failure throws, and graphile-worker retries with backoff; a message already
// sent (a retried job) is not sent again.
import nodemailer from 'nodemailer';
import type { Task } from 'graphile-worker';

import { db } from '@/lib/db';
import { metrics } from '@/lib/observability/metrics';

let transport: nodemailer.Transporter | undefined;

export const sendMailTask: Task = async (payload) => {
  const { id } = payload as { id: string };
  const smtpUrl = process.env.SMTP_URL;
  if (!smtpUrl) throw new Error('send_mail: SMTP_URL is not set');
  const message = await db.mailMessage.findUnique({ where: { id } });
  if (!message || message.sentAt) return;
  transport ??= nodemailer.createTransport(smtpUrl);
  try {
    await transport.sendMail({
      from: process.env.MAIL_FROM ?? 'Public Data API <no-reply@localhost>',
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  } catch (error) {
    metrics.mail('failed');
    throw error;
  }
  metrics.mail('sent');
  await db.mailMessage.update({ where: { id }, data: { sentAt: new Date() } });
};
