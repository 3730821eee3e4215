import type { Metadata } from 'next';
import Link from 'next/link';

import { UsageTabs } from '@/components/usage/usage-tabs';
import { UsageView } from '@/components/usage/usage-view';
import { requireSession } from '@/lib/server/auth/require-session';
import { getUsageMonth } from '@/lib/server/usage/get-usage-month';
import { queryErrors, selectableMonths, usageMonthQuerySchema } from '@/lib/validation/usage';

export const metadata: Metadata = { title: 'Usage' };

export default async function UsagePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { accountId } = await requireSession();
  const raw = await searchParams;
  const parsed = usageMonthQuerySchema().safeParse({ month: first(raw.month), key: first(raw.key) });
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Usage</h1>
        <p className="text-sm text-muted">
          Every call, from the same ledger the invoices bill (UTC days and months). Each endpoint&apos;s first 50 units a month are free.
        </p>
      </header>
      <UsageTabs current="overview" />
      {parsed.success ? (
        <UsageView initial={await getUsageMonth({ accountId, month: parsed.data.month, keyId: parsed.data.key })} months={selectableMonths()} />
      ) : (
        <div role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          {queryErrors(parsed.error)}. <Link href="/usage" className="underline">Show this month</Link>
        </div>
      )}
    </div>
  );
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
