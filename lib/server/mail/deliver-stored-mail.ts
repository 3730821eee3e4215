import 'server-only';

// Delivers one stored MailMessage over SMTP (send-mail.ts stores it and queues the worker's
// send_mail task, which calls this). A failure throws, so that the worker retries with backoff;
// a message already sent (a retried job) is not sent again.
import nodemailer from 'nodemailer';

import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { metrics } from '@/lib/observability/metrics';

export interface DeliverStoredMailOptions {
  /** The SMTP server; SMTP_URL by default. */
  smtpUrl?: string;
  /** The From of the message; MAIL_FROM by default. */
  from?: string;
}

// One connection pool per SMTP server for the process, made at the first delivery.
const transports = new Map<string, nodemailer.Transporter>();

export async function deliverStoredMail(id: string, options: DeliverStoredMailOptions = {}): Promise<void> {
  const smtpUrl = options.smtpUrl ?? env.SMTP_URL;
  if (!smtpUrl) throw new Error('send_mail: SMTP_URL is not set');
  const message = await db.mailMessage.findUnique({ where: { id } });
  if (!message || message.sentAt) return;
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  try {
    await transport.sendMail({
      from: options.from ?? env.MAIL_FROM,
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
}
