import Link from 'next/link';

import { groupTitles } from '@/lib/api/families';
import { FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS } from '@/lib/api/pricing';
import { endpoints } from '@/lib/api/registry';
import { anchorOf, describeEndpoint, dollars, priceText, type EndpointModel } from '@/lib/docs/endpoint-model';

/** The registry's endpoints grouped as the reference groups them (a data family, or the platform endpoints), in the registry's order. */
function byGroup(models: EndpointModel[]): [EndpointModel['group'], EndpointModel[]][] {
  const groups = new Map<EndpointModel['group'], EndpointModel[]>();
  for (const model of models) groups.set(model.group, [...(groups.get(model.group) ?? []), model]);
  return [...groups];
}

/**
 * Every endpoint with its price, read from the registry through the reference's own model, so
 * the landing page, the reference, the OpenAPI document and the invoice can never disagree.
 */
export function LandingPricing() {
  const groups = byGroup(endpoints.map(describeEndpoint));
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="flex scroll-mt-4 flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id="pricing-title" className="text-2xl font-semibold">
          Endpoints and prices
        </h2>
        <p className="max-w-2xl text-muted">
          No subscription: each call is billed per request or per page of results. Every endpoint&apos;s first{' '}
          {FREE_UNITS_PER_MONTH} units each calendar month are free, and you can sign up and use them without a card.
          Asking for sentiment (<code className="font-mono text-sm">get_sentiment=true</code>) adds{' '}
          {dollars(SENTIMENT_SURCHARGE_MICROS)} per unit where it is offered.
        </p>
        <p className="max-w-2xl text-muted">
          Pay after each month, invoiced to your card, or in advance with prepaid credits (from $5, on the billing
          page): each call draws its exact price, and a call the balance cannot cover is refused, never billed. Credits
          expire 12 months after purchase; the oldest are drawn first.
        </p>
      </div>
      {groups.map(([group, models]) => (
        <section key={group} aria-labelledby={`family-${group}`} className="flex flex-col gap-2">
          <h3 id={`family-${group}`} className="text-lg font-semibold">
            {groupTitles[group]?.title ?? group}
          </h3>
          {groupTitles[group]?.description ? (
            <p className="text-sm text-muted">{groupTitles[group]?.description}</p>
          ) : null}
          <ul className="flex flex-col rounded-lg border border-border bg-surface">
            {models.map((model) => (
              <li
                key={model.path}
                data-endpoint={model.path}
                className="flex flex-col gap-1 border-t border-border px-3 py-3 first:border-t-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <Link
                    href={`/docs#${anchorOf(model.path)}`}
                    className="break-all font-mono text-sm font-medium text-primary underline"
                  >
                    {model.path}
                  </Link>
                  <span className="text-sm">{model.summary}</span>
                </div>
                <div className="flex shrink-0 flex-col text-sm sm:items-end">
                  <span className="font-semibold tabular-nums">{priceText(model)}</span>
                  {model.priceMicros > 0 ? (
                    <span className="text-muted">
                      {FREE_UNITS_PER_MONTH} free a month
                      {model.sentiment ? `; sentiment +${dollars(model.sentimentSurchargeMicros)}` : ''}
                    </span>
                  ) : (
                    <span className="text-muted">not counted</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
