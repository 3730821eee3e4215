import 'server-only';

import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import type { RequestLogQuery } from '@/lib/validation/usage';

import { listUsageKeys, usageKeyLabel, type UsageKey } from './list-usage-keys';

export type ListUsageRefusalsOptions = {
  accountId: string;
  /** The account's keys, when the caller reads them anyway. */
  keys?: Promise<UsageKey[]>;
  query: Pick<RequestLogQuery, 'endpoint' | 'key' | 'status' | 'code' | 'from' | 'to' | 'requestId'>;
};

/** Calls refused before a platform was asked, counted per minute, key, endpoint, status and code. */
export type UsageRefusalTally = {
  minute: string;
  keyId: string | null;
  key: string;
  endpoint: string;
  status: number;
  /** The error code answered; null for tallies counted before codes were kept. */
  code: string | null;
  count: number;
};

/** How many tallies the log shows (newest first); older ones are in the month's totals. */
export const REFUSAL_TALLY_LIMIT = 100;

/**
 * The account's refused calls, never billed: 400, 402 and 429 before a platform was asked, and
 * the refusals of the key or its account (401 deleted, revoked or expired key, 403 account_blocked,
 * key_not_permitted). The API keeps no row per refused call, only a count per minute (record_usage
 * in prisma/functions.sql, lib/api/gateway/refusal-tally.ts), so a flood of refusals costs the
 * ledger nothing; they have no request id of their own. Pruned with the request log
 * (USAGE_LOG_RETENTION_DAYS). A request id filter finds none; every refusal is a 4xx.
 */
export async function listUsageRefusals({
  accountId,
  keys: knownKeys,
  query,
}: ListUsageRefusalsOptions): Promise<UsageRefusalTally[]> {
  if (query.requestId || query.status === '2xx' || query.status === '5xx') return [];
  const conditions = [
    Prisma.sql`r."accountId" = ${accountId}`,
    query.endpoint ? Prisma.sql`r."endpoint" = ${query.endpoint}` : null,
    query.key ? Prisma.sql`r."apiKeyId" = ${query.key}` : null,
    query.code ? Prisma.sql`r."code" = ${query.code}` : null,
    // A tally's minute counts when it overlaps the range.
    query.from ? Prisma.sql`r."minute" + interval '1 minute' > ${query.from}` : null,
    query.to ? Prisma.sql`r."minute" < ${query.to}` : null,
  ].filter((c): c is Prisma.Sql => c !== null);
  const [rows, keys] = await Promise.all([
    db.$queryRaw<{ minute: Date; apiKeyId: string; endpoint: string; status: number; code: string; count: number }[]>`
      SELECT r."minute", r."apiKeyId", r."endpoint", r."status", r."code", r."count"
      FROM "UsageRefusal" r
      WHERE ${Prisma.join(conditions, ' AND ')}
      ORDER BY r."minute" DESC, r."endpoint", r."status", r."code", r."apiKeyId"
      LIMIT ${REFUSAL_TALLY_LIMIT}`,
    knownKeys ?? listUsageKeys({ accountId }),
  ]);
  const byId = new Map(keys.map((k) => [k.id, k]));
  return rows.map((r) => ({
    minute: r.minute.toISOString(),
    keyId: r.apiKeyId || null,
    key: usageKeyLabel(r.apiKeyId ? byId.get(r.apiKeyId) : undefined),
    endpoint: r.endpoint,
    status: r.status,
    code: r.code || null,
    count: r.count,
  }));
}
