import type { Metadata } from 'next';
import { redirect } from 'next/navigation';

import { LandingFeatures } from '@/components/landing/landing-features';
import { LandingHeader } from '@/components/landing/landing-header';
import { LandingHero } from '@/components/landing/landing-hero';
import { LandingPricing } from '@/components/landing/landing-pricing';
import { LandingSample } from '@/components/landing/landing-sample';
import { LandingStart } from '@/components/landing/landing-start';
import { SiteFooter } from '@/components/layout/site-footer';
import { DataSourceList } from '@/components/status/data-source-list';
import { FREE_UNITS_PER_MONTH } from '@/lib/api/pricing';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import { getConsoleSession } from '@/lib/auth/get-console-session';

export const metadata: Metadata = {
  title: { absolute: 'Public Data API: marketplaces, social networks, forums and news through one REST API' },
  description: `Real-time public data through one REST API, billed per call, with ${FREE_UNITS_PER_MONTH} free calls per endpoint every month.`,
};

// GET /: the public landing page, rendered on the server; a signed-in visitor goes to the console.
export default async function LandingPage() {
  if (await getConsoleSession()) redirect('/dashboard');
  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader />
      <main id="main" className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-14 px-4 py-12 sm:px-6 sm:py-16">
        <LandingHero />
        <LandingFeatures />
        <LandingSample />
        <DataSourceList summary={summarizeSources()} id="sources" />
        <LandingPricing />
        <LandingStart />
      </main>
      <SiteFooter />
    </div>
  );
}
