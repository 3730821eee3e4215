import { errorStatus, type ErrorCode } from '@/lib/api/errors';
import { MAX_BODY_BYTES } from '@/lib/api/gateway/batch';
import { billingHeaders } from '@/lib/api/openapi';
import { FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS } from '@/lib/api/pricing';
import { MAX_BATCH_ITEMS } from '@/lib/api/registry/platform';
import { dollars } from '@/lib/docs/endpoint-model';
import { errorGuide } from '@/lib/docs/error-guide';

import { CodeBlock } from './code-block';
import { RichText } from './rich-text';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Authentication, errors, billing, limits, retries and versioning, before the endpoints. */
export function DocsIntro({ baseUrl, version }: { baseUrl: string; version: string }) {
  const codes = Object.keys(errorStatus) as ErrorCode[];
  return (
    <div className="flex flex-col gap-10">
      <Section id="authentication" title="Authentication">
        <p>
          Every request carries the header <code>X-API-Key</code> with a key of the form <code>ak_live_…</code>, created
          on the console&apos;s API keys page (at most ten per account; a key is shown once). A key sent as{' '}
          <code>Authorization: Bearer</code> is not read. Parameters go in the query string; the batch endpoint takes
          JSON. Browsers may call the API directly: it answers CORS preflights and exposes the billing headers.
        </p>
        <CodeBlock
          label="Example request"
          code={`curl '${baseUrl}/v1/account/verify' \\\n  -H 'X-API-Key: <API_KEY>'`}
        />
      </Section>

      <Section id="errors" title="Errors">
        <p>
          Every error is JSON <code>{'{"error": "…", "code": "…"}'}</code> with the HTTP status below. Errors bill
          nothing, except where an endpoint lists a billed error.
        </p>
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Error codes">
          <table className="w-full min-w-[36rem] border-collapse text-sm">
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="py-2 pr-3">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3">
                  code
                </th>
                <th scope="col" className="py-2 pr-3">
                  When
                </th>
                <th scope="col" className="py-2">
                  Retry
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code} className="border-b border-border align-top">
                  <td className="py-2 pr-3 tabular-nums">{errorStatus[code]}</td>
                  <td className="py-2 pr-3 font-mono text-xs">{code}</td>
                  <td className="py-2 pr-3">
                    <RichText text={errorGuide[code].when} />
                  </td>
                  <td className="py-2">{errorGuide[code].retry ? 'yes, with backoff' : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="billing" title="Billing and free tier">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Each endpoint has a price per request, or per page returned for paginated ones: when results run out before
            the last page asked for, only the pages returned are billed.
          </li>
          <li>
            The first {FREE_UNITS_PER_MONTH} units of each endpoint per account per calendar month (UTC) are free.
          </li>
          <li>
            <code>get_sentiment=true</code> adds {dollars(SENTIMENT_SURCHARGE_MICROS)} per billed unit.
          </li>
          <li>
            Without a payment method a call returns at most the free pages left (
            <code>X-Free-Tier-Truncated: true</code>), then answers 402.
          </li>
          <li>Calls refused before the platform is asked (400, 402, 429) bill nothing.</li>
        </ul>
        <p>Every answer carries these headers:</p>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {Object.entries(billingHeaders).map(([name, header]) => (
            <div key={name} className="contents">
              <dt className="font-mono text-xs">{name}</dt>
              <dd className="mb-2 text-muted sm:mb-0">{header.description}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="limits" title="Limits and retries">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Each endpoint takes a limited number of simultaneous calls per account (10, or 5 for shop products); more
            answer 429 <code>concurrency_limit_exceeded</code>.
          </li>
          <li>
            A batch holds 1 to {MAX_BATCH_ITEMS} calls and at most {MAX_BODY_BYTES / 1_000_000} MB; its items wait for
            their endpoint&apos;s slots instead of failing.
          </li>
          <li>
            Retry 502, 503 and 504, and 429 with <code>concurrency_limit_exceeded</code> or{' '}
            <code>upstream_rate_limit</code>, with exponential backoff, honouring <code>Retry-After</code>.
          </li>
        </ul>
      </Section>

      <Section id="versioning" title="Versioning">
        <p>
          This is version {version} of the API, under <code>/v1</code>. Fields may be added to responses; nothing is
          removed or renamed within v1. The machine-readable description is{' '}
          <a className="text-primary underline" href="/v1/openapi.json" download="openapi.json">
            openapi.json
          </a>
          .
        </p>
      </Section>
    </div>
  );
}
