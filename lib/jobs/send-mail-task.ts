// Worker task: delivers one queued MailMessage over SMTP_URL (lib/server/mail/send-mail.ts
// queues it, lib/server/mail/deliver-stored-mail.ts delivers it). A failure throws, and
// graphile-worker retries with backoff; a message already sent (a retried job) is not sent again.
import type { Task } from 'graphile-worker';

import { deliverStoredMail } from '@/lib/server/mail/deliver-stored-mail';

export const sendMailTask: Task = async (payload) => {
  const { id } = payload as { id: string };
  await deliverStoredMail(id);
};
