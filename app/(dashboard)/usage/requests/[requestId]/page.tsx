import type { Metadata } from 'next';
import Link from 'next/link';

import { RequestDetail } from '@/components/usage/request-detail';
import { UsageTabs } from '@/components/usage/usage-tabs';
import { env } from '@/lib/env';
import { requireSession } from '@/lib/auth/require-session';
import { getUsageRequest } from '@/lib/server/usage/get-usage-request';

export const metadata: Metadata = { title: 'Request' };

// GET /usage/requests/<request id>: one call of the log, kept as long as the log keeps it.
export default async function RequestDetailPage({ params }: { params: Promise<{ requestId: string }> }) {
  const { accountId } = await requireSession();
  const { requestId } = await params;
  const id = decodeURIComponent(requestId).slice(0, 100);
  const request = await getUsageRequest({ accountId, requestId: id });
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Request</h1>
        <p className="text-sm text-muted">
          <Link href="/usage/requests" className="underline">
            Back to the request log
          </Link>
        </p>
      </header>
      <UsageTabs current="requests" />
      {request ? (
        <RequestDetail request={request} />
      ) : (
        <div role="alert" className="rounded-md border border-border bg-surface p-4 text-sm">
          No call of this account has the request id <code className="break-all font-mono">{id}</code>. The log keeps
          calls for {env.USAGE_LOG_RETENTION_DAYS} days; calls refused before they reached a platform are counted, not
          kept one by one.
        </div>
      )}
    </div>
  );
}
