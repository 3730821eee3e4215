import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { DateTime } from '@/components/ui/date-time';
import { env } from '@/lib/env';
import { listMailbox } from '@/lib/server/mail/list-mailbox';

export const metadata: Metadata = { title: 'Mailbox (development)' };

/** The mail the console would have sent, on a machine without SMTP. Not there in production (DEV_MAILBOX unset). */
export default async function MailboxPage({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  if (!env.DEV_MAILBOX) notFound();
  const { to } = await searchParams;
  const messages = await listMailbox({ to });
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-semibold">Mailbox{to ? ` of ${to}` : ''}</h1>
      <p className="text-sm text-muted">Mail kept in the database because SMTP_URL is not set. Development only.</p>
      {messages.length === 0 ? <p>No mail.</p> : null}
      <ol className="flex flex-col gap-4">
        {messages.map((message) => (
          <li key={message.id}>
            <article aria-label={message.subject} className="rounded-lg border border-border bg-raised p-4">
              <h2 className="font-semibold">{message.subject}</h2>
              <p className="text-sm text-muted">
                To {message.to}, <DateTime value={message.createdAt} />
              </p>
              <pre className="mt-3 whitespace-pre-wrap break-words font-mono text-sm">{message.text}</pre>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}
