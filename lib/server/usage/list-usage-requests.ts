import 'server-only';

import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { RequestLogQuery } from '@/lib/validation/usage';
import { ConsoleError } from '@/lib/server/console-error';

import { errorStatus } from '@/lib/api/errors';

import { listUsageKeys, usageKeyLabel, type UsageKey } from './list-usage-keys';
import { listUsageRefusals, type UsageRefusalTally } from './list-usage-refusals';

export type ListUsageRequestsOptions = { accountId: string; query: RequestLogQuery };

export type UsageRequest = {
  requestId: string;
  createdAt: string;
  keyId: string | null;
  key: string;
  endpoint: string;
  status: number;
  code: string | null;
  units: number;
  freeUnits: number;
  amountMicros: number;
  sentiment: boolean;
  latencyMs: number;
};

/** A position in the log: the last row's time and request id, opaque to the browser. */
function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  if (bar < 0) return null;
  const createdAt = new Date(text.slice(0, bar));
  const id = text.slice(bar + 1);
  if (Number.isNaN(createdAt.getTime()) || !id) return null;
  return { createdAt, id };
}

const STATUS_RANGES = { '2xx': 200, '4xx': 400, '5xx': 500 } as const;

/**
 * The account's calls, newest first, ordered by (time, request id) so that a cursor names an
 * exact place: calls recorded after the first page was read come before it and never shift the
 * pages after. Only the account's own rows are read; another account's request id finds nothing.
 * The first page (no cursor) also carries the refused calls under the same filters, counted per
 * minute (list-usage-refusals.ts): every refusal a key got, with its status and code. The status
 * filter `refused` keeps those alone; a code filter applies to both.
 */
export async function listUsageRequests({ accountId, query }: ListUsageRequestsOptions) {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !after)
    throw new ConsoleError('bad_cursor', 'cursor is not one this log gave out; start again without it', {
      field: 'cursor',
    });
  const keys = listUsageKeys({ accountId });
  const [requests, refusals] = await Promise.all([
    readCalls(accountId, query, after, keys),
    after ? ([] as UsageRefusalTally[]) : listUsageRefusals({ accountId, keys, query }),
  ]);
  return { ...requests, refusals, keys: await keys };
}

async function readCalls(
  accountId: string,
  query: RequestLogQuery,
  after: { createdAt: Date; id: string } | null,
  keys: Promise<UsageKey[]>,
): Promise<{ requests: UsageRequest[]; nextCursor: string | null }> {
  const none = { requests: [], nextCursor: null };
  // Refused calls have no row of their own; an error code's class is its status's.
  const codeClass = query.code ? errorStatus[query.code] - (errorStatus[query.code] % 100) : null;
  const status = query.status === 'refused' ? null : query.status ? STATUS_RANGES[query.status] : codeClass;
  if (query.status === 'refused' || (codeClass !== null && status !== codeClass)) return none;
  const conditions = [
    Prisma.sql`e."accountId" = ${accountId}`,
    query.requestId ? Prisma.sql`e."id" = ${query.requestId}` : null,
    query.endpoint ? Prisma.sql`e."endpoint" = ${query.endpoint}` : null,
    query.key ? Prisma.sql`e."apiKeyId" = ${query.key}` : null,
    // Written as the errors' partial index is (UsageEvent_errors_idx: status >= 400, led by
    // status / 100), so that the planner can use it for 4xx, 5xx and an error code.
    status ? Prisma.sql`e."status" >= ${status} AND (e."status" / 100) = ${status / 100}` : null,
    query.code ? Prisma.sql`e."code" = ${query.code}` : null,
    query.from ? Prisma.sql`e."createdAt" >= ${query.from}` : null,
    query.to ? Prisma.sql`e."createdAt" < ${query.to}` : null,
    after ? Prisma.sql`(e."createdAt", e."id") < (${after.createdAt}, ${after.id})` : null,
  ].filter((c): c is Prisma.Sql => c !== null);

  // A key or endpoint the account never used (by the rollup, which outlives the log) has no rows:
  // answer at once rather than walk a heavy account's whole log looking for one.
  if ((query.key || query.endpoint) && !(await everUsed(accountId, query.key, query.endpoint))) return none;
  const rows = await db.$queryRaw<
    {
      id: string;
      createdAt: Date;
      apiKeyId: string | null;
      endpoint: string;
      status: number;
      code: string | null;
      units: number;
      freeUnits: number;
      amountMicros: bigint;
      sentiment: boolean;
      latencyMs: number;
    }[]
  >`
    SELECT e."id", e."createdAt", e."apiKeyId", e."endpoint", e."status", e."code", e."units", e."freeUnits",
           e."amountMicros", e."sentiment", e."latencyMs"
    FROM "UsageEvent" e
    WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY e."createdAt" DESC, e."id" DESC
    LIMIT ${query.limit + 1}`;

  const byId = new Map((await keys).map((k) => [k.id, k]));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    requests: page.map((r) => ({
      requestId: r.id,
      createdAt: r.createdAt.toISOString(),
      keyId: r.apiKeyId,
      key: usageKeyLabel(r.apiKeyId ? byId.get(r.apiKeyId) : undefined),
      endpoint: r.endpoint,
      status: r.status,
      code: r.code,
      units: r.units,
      freeUnits: r.freeUnits,
      amountMicros: Number(r.amountMicros),
      sentiment: r.sentiment,
      latencyMs: r.latencyMs,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

async function everUsed(accountId: string, keyId: string | null, endpoint: string | null): Promise<boolean> {
  const found = await db.usageDaily.findFirst({
    where: { accountId, ...(keyId ? { apiKeyId: keyId } : {}), ...(endpoint ? { endpoint } : {}) },
    select: { day: true },
  });
  return found !== null;
}

export type UsageRequestPage = Awaited<ReturnType<typeof listUsageRequests>>;
