import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';

import { DataSourceList } from '@/components/status/data-source-list';
import { CodeBlock } from '@/components/docs/code-block';
import { LandingPricing } from '@/components/landing/landing-pricing';
import { SiteFooter } from '@/components/layout/site-footer';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { buttonClasses } from '@/components/ui/button';
import { FREE_UNITS_PER_MONTH } from '@/lib/api/pricing';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import { dataEndpoints, findEndpoint } from '@/lib/api/registry';
import { apiBaseUrl } from '@/lib/http/api-base-url';
import { exampleResponse } from '@/lib/docs/example-response';
import { getConsoleSession } from '@/lib/auth/get-console-session';
import { buildSnippet } from '@/lib/explorer/snippets';

export const metadata: Metadata = {
  title: { absolute: 'Public Data API: marketplaces, social networks, forums and news through one REST API' },
  description: `Real-time public data through one REST API, billed per call, with ${FREE_UNITS_PER_MONTH} free calls per endpoint every month.`,
};

/** The call the code sample makes: a registry endpoint with its own example parameters. */
const SAMPLE_PATH = '/v1/forumsite/community/posts';

// GET /: the public landing page, rendered on the server; a signed-in visitor goes to the console.
export default async function LandingPage() {
  if (await getConsoleSession()) redirect('/dashboard');
  const sample = findEndpoint(SAMPLE_PATH)!;
  const curl = buildSnippet('curl', {
    baseUrl: apiBaseUrl(),
    method: sample.method,
    path: sample.path,
    params: Object.entries(sample.example).filter((entry): entry is [string, string] => entry[1] !== undefined),
  });
  const response = await exampleResponse(sample);
  const familyCount = new Set(dataEndpoints.map((e) => e.family)).size;
  const features = [
    {
      title: 'One key, every source',
      text: `${dataEndpoints.length} endpoints over ${familyCount} platforms: marketplaces, photo and video networks, microblogs, forums, newsletters and news.`,
    },
    {
      title: 'Pay per call',
      text: `No subscription. Every endpoint has a free tier of ${FREE_UNITS_PER_MONTH} units a month; after that, a fraction of a cent per call.`,
    },
    {
      title: 'Sentiment built in',
      text: 'Add get_sentiment=true to text endpoints and every post, comment or review comes back with its emotion.',
    },
  ];
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border">
        <div className="mx-auto flex w-full max-w-4xl items-center justify-between gap-2 px-4 py-3 sm:px-6">
          <span className="font-semibold sm:text-lg">Public Data API</span>
          <div className="flex items-center gap-1 sm:gap-2">
            <Link href="/docs" className={buttonClasses('ghost', 'sm')}>
              Docs
            </Link>
            <ThemeToggle />
            <Link href="/sign-in" className={buttonClasses('ghost', 'sm')}>
              Sign in
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-14 px-4 py-12 sm:px-6 sm:py-16">
        <section aria-labelledby="hero-title" className="flex flex-col gap-5">
          <h1 id="hero-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Real-time public data through one API
          </h1>
          <p className="max-w-2xl text-lg text-muted">
            Products and sellers, profiles and posts, videos, comments, forum threads, newsletters and news articles, as
            clean JSON. Create a key, send it in the <code className="font-mono">X-API-Key</code> header, and pay only
            for what you use.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link href="/sign-up" className={buttonClasses('primary')}>
              Create a free account
            </Link>
            <Link href="/docs" className={buttonClasses('secondary')}>
              Read the API reference
            </Link>
          </div>
        </section>

        <section aria-labelledby="features-title" className="flex flex-col gap-4">
          <h2 id="features-title" className="sr-only">
            Why this API
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {features.map((feature) => (
              <li key={feature.title} className="rounded-lg border border-border bg-surface p-4">
                <h3 className="font-semibold">{feature.title}</h3>
                <p className="mt-1 text-sm text-muted">{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="sample-title" className="flex min-w-0 flex-col gap-3">
          <h2 id="sample-title" className="text-2xl font-semibold">
            One call
          </h2>
          <p className="text-muted">
            {sample.summary}: <code className="break-all font-mono text-sm">{sample.path}</code>. Every endpoint answers
            the same way, with the call&apos;s cost in the <code className="font-mono text-sm">X-Billed-Units</code>{' '}
            header.
          </p>
          <CodeBlock label="Example request with curl" code={curl} />
          {response ? <CodeBlock label="Example response" code={response} /> : null}
          <p className="text-sm">
            <Link href="/docs" className="font-medium text-primary underline">
              See every endpoint&apos;s parameters, fields and errors in the API reference
            </Link>
          </p>
        </section>

        <DataSourceList summary={summarizeSources()} id="sources" />

        <LandingPricing />

        <section
          aria-labelledby="start-title"
          className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-6"
        >
          <h2 id="start-title" className="text-xl font-semibold">
            Start with the free tier
          </h2>
          <p className="text-muted">
            Sign up, create a key and make your first calls in a minute. No card needed until you go past the free tier.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link href="/sign-up" className={buttonClasses('primary')}>
              Create a free account
            </Link>
            <Link href="/sign-in" className={buttonClasses('secondary')}>
              Sign in
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
