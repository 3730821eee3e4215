import type { Metadata } from 'next';
import Link from 'next/link';

import { RequestLog } from '@/components/usage/request-log';
import type { RequestLogFilters } from '@/components/usage/request-log-filters';
import { UsageTabs } from '@/components/usage/usage-tabs';
import { errorStatus } from '@/lib/api/errors';
import { endpoints } from '@/lib/api/registry';
import { requireSession } from '@/lib/auth/require-session';
import { REFUSAL_TALLY_LIMIT } from '@/lib/server/usage/list-usage-refusals';
import { isConsoleError } from '@/lib/server/console-error';
import { listUsageRequests } from '@/lib/server/usage/list-usage-requests';
import { ERROR_CODES, queryErrors, requestLogQuerySchema } from '@/lib/validation/usage';

export const metadata: Metadata = { title: 'Request log' };

export default async function RequestLogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { accountId } = await requireSession();
  const raw = await searchParams;
  const filters: RequestLogFilters = {
    endpoint: first(raw.endpoint),
    key: first(raw.key),
    status: first(raw.status),
    code: first(raw.code),
    from: first(raw.from),
    to: first(raw.to),
    requestId: first(raw.requestId),
  };
  const parsed = requestLogQuerySchema.safeParse(filters);
  let problem = parsed.success ? null : queryErrors(parsed.error);
  const page = parsed.success
    ? await listUsageRequests({ accountId, query: parsed.data }).catch((error: unknown) => {
        if (!isConsoleError(error, 'bad_cursor')) throw error;
        problem = error.message;
        return null;
      })
    : null;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Usage</h1>
        <p className="text-sm text-muted">
          Each call with the request id its caller got in <code className="font-mono">X-Request-Id</code>, what it was
          billed and how long it took; open one for its details. Calls refused before they reached a platform (each with
          its status and error code) are counted below, not billed.
        </p>
      </header>
      <UsageTabs current="requests" />
      {page ? (
        <RequestLog
          key={JSON.stringify(filters)}
          initial={page}
          filters={filters}
          endpoints={endpoints.map((e) => e.path)}
          codes={ERROR_CODES.map((code) => ({ code, status: errorStatus[code] }))}
          refusalLimit={REFUSAL_TALLY_LIMIT}
        />
      ) : (
        <div role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          {problem}.{' '}
          <Link href="/usage/requests" className="underline">
            Clear the filters
          </Link>
        </div>
      )}
    </div>
  );
}

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}
