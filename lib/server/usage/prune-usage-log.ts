import 'server-only';

import { db } from '@/lib/db';

export type PruneUsageLogOptions = { retentionDays: number; now?: Date; batchSize?: number };

/**
 * Deletes request-log rows (`UsageEvent`) older than the retention, a batch at a time so that
 * no long lock holds up the writer, and the refusal counts with them. Totals, invoices and the
 * usage pages read the rollups (`UsageMonthly`, `UsageDaily`), which are kept: only the log of
 * single calls goes. Returns how many rows went.
 */
export async function pruneUsageLog({ retentionDays, now = new Date(), batchSize = 10_000 }: PruneUsageLogOptions) {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  let events = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM "UsageEvent" WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM "UsageEvent" WHERE "createdAt" < ${cutoff} LIMIT ${batchSize}))`;
    events += deleted;
    if (deleted < batchSize) break;
  }
  const refusals = await db.$executeRaw`DELETE FROM "UsageRefusal" WHERE "minute" < ${cutoff}`;
  return { cutoff, events, refusals };
}
