import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';

import { MailText } from '@/components/dev/mail-text';
import { DateTime } from '@/components/ui/date-time';
import { mailboxClientAllowed } from '@/lib/dev-mailbox';
import { env } from '@/lib/env';
import { listMailbox } from '@/lib/server/mail/list-mailbox';

/** Anyone not allowed gets the same 404 as in production: the title too says nothing of the page. */
async function requireMailboxAccess(): Promise<void> {
  if (!env.DEV_MAILBOX) notFound();
  if (!mailboxClientAllowed((await headers()).get('x-forwarded-for'), env.TRUSTED_PROXY_HOPS)) notFound();
}

export async function generateMetadata(): Promise<Metadata> {
  await requireMailboxAccess();
  return { title: 'Mailbox (development)' };
}

/**
 * The mail the console would have sent, on a machine without SMTP. Its links take over accounts, so
 * it is there only on a developer machine (DEV_MAILBOX, lib/dev-mailbox.ts) and only for requests
 * from this machine; anyone else gets the same 404 as in production.
 */
export default async function MailboxPage({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  await requireMailboxAccess();
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
              <pre className="mt-3 whitespace-pre-wrap break-words font-mono text-sm">
                <MailText text={message.text} />
              </pre>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}
