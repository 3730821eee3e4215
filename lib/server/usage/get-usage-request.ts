import 'server-only';

import { readLoggedParams, type LoggedParamsView } from '@/lib/usage-log-params';
import { findEndpoint } from '@/lib/api/registry';
import { db } from '@/lib/db';

import { listUsageKeys, usageKeyLabel } from './list-usage-keys';
import type { UsageRequest } from './list-usage-requests';

export type GetUsageRequestOptions = { accountId: string; requestId: string };

export type UsageRequestDetail = UsageRequest & {
  method: 'GET' | 'POST';
  /** The key's status now (a deleted key's calls stay in the log). */
  keyStatus: 'active' | 'revoked' | 'deleted' | null;
  /** The validated parameters, keys left out and cut when huge; null: none (or a call logged before they were). */
  params: LoggedParamsView | null;
};

/**
 * One call of the account's log by its request id; null when it is not the account's, or was
 * pruned with the log (USAGE_LOG_RETENTION_DAYS), so another account's id finds nothing.
 */
export async function getUsageRequest({
  accountId,
  requestId,
}: GetUsageRequestOptions): Promise<UsageRequestDetail | null> {
  const row = await db.usageEvent.findFirst({ where: { id: requestId, accountId } });
  if (!row) return null;
  const keys = await listUsageKeys({ accountId });
  const key = row.apiKeyId ? keys.find((k) => k.id === row.apiKeyId) : undefined;
  return {
    requestId: row.id,
    createdAt: row.createdAt.toISOString(),
    keyId: row.apiKeyId,
    key: usageKeyLabel(key),
    keyStatus: key?.status ?? null,
    method: findEndpoint(row.endpoint)?.method ?? (row.endpoint.endsWith('/batch') ? 'POST' : 'GET'),
    endpoint: row.endpoint,
    status: row.status,
    code: row.code,
    units: row.units,
    freeUnits: row.freeUnits,
    amountMicros: Number(row.amountMicros),
    sentiment: row.sentiment,
    latencyMs: row.latencyMs,
    params: readLoggedParams(row.params),
  };
}
