import type { Metadata } from 'next';
import Link from 'next/link';

import { LatencySection } from '@/components/usage/latency-section';
import { UsageTabs } from '@/components/usage/usage-tabs';
import { UsageView } from '@/components/usage/usage-view';
import { FREE_UNITS_PER_MONTH } from '@/lib/api/pricing';
import { findEndpoint } from '@/lib/api/registry';
import { requireSession } from '@/lib/auth/require-session';
import { getLatencyByDay } from '@/lib/server/usage/get-latency-by-day';
import { getUsageMonth } from '@/lib/server/usage/get-usage-month';
import { queryErrors, selectableMonths, usageMonthQuerySchema } from '@/lib/validation/usage';

export const metadata: Metadata = { title: 'Usage' };

export default async function UsagePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { accountId } = await requireSession();
  const raw = await searchParams;
  const parsed = usageMonthQuerySchema().safeParse({ month: first(raw.month), key: first(raw.key) });
  const usage = parsed.success
    ? await getUsageMonth({ accountId, month: parsed.data.month, keyId: parsed.data.key })
    : null;
  const endpoint = first(raw.endpoint)?.trim() || null;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Usage</h1>
        <p className="text-sm text-muted">
          Every call, from the same ledger the invoices bill (UTC days and months). Each endpoint&apos;s first{' '}
          {FREE_UNITS_PER_MONTH} units a month are free.
        </p>
      </header>
      <UsageTabs current="overview" />
      {usage ? (
        <>
          <UsageView
            initial={usage}
            months={selectableMonths()}
            endpoint={endpoint && findEndpoint(endpoint) ? endpoint : null}
          />
          <LatencySection
            month={usage.month}
            keyId={usage.keyId}
            endpoints={usage.endpoints.map((e) => e.endpoint)}
            latency={
              endpoint && !findEndpoint(endpoint)
                ? {
                    error: `endpoint must be one of the API's paths, like /v1/shop/products; "${endpoint.slice(0, 80)}" is not`,
                  }
                : await getLatencyByDay({ accountId, month: usage.month, keyId: usage.keyId, endpoint })
            }
          />
        </>
      ) : (
        <div role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          {parsed.error ? queryErrors(parsed.error) : null}.{' '}
          <Link href="/usage" className="underline">
            Show this month
          </Link>
        </div>
      )}
    </div>
  );
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
