import type { Metadata } from 'next';

import { DocsDataSources } from '@/components/docs/docs-data-sources';
import { DocsIntro } from '@/components/docs/docs-intro';
import { DocsSidebar } from '@/components/docs/docs-sidebar';
import { EndpointReference } from '@/components/docs/endpoint-reference';
import { Providers } from '@/components/layout/providers';
import { endpoints } from '@/lib/api/registry';
import { apiBaseUrl } from '@/lib/http/api-base-url';
import { describeEndpoint, describeResponse } from '@/lib/docs/endpoint-model';
import { exampleResponse } from '@/lib/docs/example-response';

export const metadata: Metadata = {
  title: 'API reference',
  description:
    'Every endpoint of the Public Data API: parameters, prices, paging, response fields, errors and examples.',
};

const API_VERSION = '1.1.0';

// GET /docs: the API reference, rendered on the server from the registry (public, indexable).
export default async function DocsPage() {
  const baseUrl = apiBaseUrl();
  const models = endpoints.map(describeEndpoint);
  const examples = await Promise.all(endpoints.map(exampleResponse));
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-3 py-8 sm:px-6 lg:flex-row lg:gap-10">
      <DocsSidebar endpoints={models} />
      <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col gap-10">
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl font-bold tracking-tight">API reference</h1>
          <p className="max-w-3xl text-muted">
            Real-time public data from marketplaces, social networks, forums, newsletters and news through one REST API,
            billed per call with {models.filter((m) => m.priceMicros > 0).length} paid endpoints, each with a free tier.
            Generated from the same definitions the API runs on.
          </p>
          <p className="flex flex-wrap gap-4 text-sm">
            <a className="font-medium text-primary underline" href="/v1/openapi.json" download="openapi.json">
              Download openapi.json
            </a>
            <a className="font-medium text-primary underline" href="/explorer">
              Open the explorer
            </a>
            <a className="font-medium text-primary underline" href="/status">
              Status of the data sources
            </a>
          </p>
        </div>
        <Providers>
          <DocsDataSources />
        </Providers>
        <DocsIntro baseUrl={baseUrl} version={API_VERSION} />
        <section aria-labelledby="endpoints-title" className="flex flex-col gap-8">
          <h2 id="endpoints-title" className="text-2xl font-semibold">
            Endpoints
          </h2>
          {models.map((model, i) => (
            <EndpointReference
              key={model.path}
              endpoint={model}
              fields={describeResponse(endpoints[i]!)}
              example={examples[i]!}
              baseUrl={baseUrl}
            />
          ))}
        </section>
      </main>
    </div>
  );
}
