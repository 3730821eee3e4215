import Link from 'next/link';
import { redirect } from 'next/navigation';

import { ThemeToggle } from '@/components/theme-toggle';
import { buttonClasses } from '@/components/ui/button';
import { getConsoleSession } from '@/lib/server/auth/get-console-session';

const FEATURES = [
  { title: 'One key, every source', text: 'Marketplaces, social networks, forums, newsletters and video sites through one REST API.' },
  { title: 'Pay per request', text: 'No subscription. Every endpoint has a free tier of 50 requests a month.' },
  { title: 'Sentiment built in', text: 'Add get_sentiment=true to get an emotion analysis of every result.' },
];

export default async function LandingPage() {
  if (await getConsoleSession()) redirect('/dashboard');
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-6">
        <span className="text-lg font-semibold">Public Data API</span>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <Link href="/sign-in" className={buttonClasses('ghost', 'sm')}>
            Sign in
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-10 px-4 py-16 sm:px-6">
        <section className="flex flex-col gap-5">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Real-time public data through one API</h1>
          <p className="max-w-2xl text-lg text-muted">
            Create an API key, send it in the <code className="font-mono">X-API-Key</code> header, and pay only for what you use.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link href="/sign-up" className={buttonClasses('primary')}>
              Create an account
            </Link>
            <Link href="/sign-in" className={buttonClasses('secondary')}>
              Sign in
            </Link>
          </div>
        </section>
        <ul className="grid gap-4 sm:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-lg border border-border bg-surface p-4">
              <h2 className="font-semibold">{feature.title}</h2>
              <p className="mt-1 text-sm text-muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
