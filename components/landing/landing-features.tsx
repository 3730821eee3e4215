// The landing page's three reasons, with the registry's own counts and the free tier.
import { FREE_UNITS_PER_MONTH } from '@/lib/api/pricing';
import { dataEndpoints } from '@/lib/api/registry';

export function LandingFeatures() {
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
  );
}
