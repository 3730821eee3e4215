// The monthly invoicing job: shortly after a month ends (UTC), close it for every account
// (lib/server/billing/close-month.ts).
import type { Task } from 'graphile-worker';

import { closeMonth } from '@/lib/server/billing/close-month';
import { previousMonth } from '@/lib/utc-month';

/** graphile-worker task: its crontab passes the scheduled time as `_cron.ts`. */
export const closePreviousMonthTask: Task = async (payload, helpers) => {
  const scheduled = (payload as { _cron?: { ts?: string } } | null)?._cron?.ts;
  const month = previousMonth(scheduled ? new Date(scheduled) : new Date());
  const closed = await closeMonth({ month });
  const failed = closed.filter((c) => c.outcome === 'failed');
  // Each account's failure is recorded and the others went on; the daily sweep retries them.
  for (const f of failed) helpers.logger.error(`close of ${month} failed for account ${f.accountId}: ${f.error}`);
  helpers.logger.info(
    `closed ${month}: ${closed.filter((c) => c.outcome === 'invoiced').length} invoices for ${closed.length} accounts, ${failed.length} failed`,
  );
};

/**
 * 00:05 UTC on the 1st of each month. graphile-worker records each cron run in PostgreSQL, so
 * with several workers (several instances) each month is closed by exactly one of them, and a
 * run missed while every worker was down is backfilled for up to three days. An account whose
 * close fails does not fail the job: it is recorded and the daily sweep (close-unclosed-months-task.ts)
 * closes it.
 */
export const closePreviousMonthCron = '5 0 1 * * close_previous_month ?fill=3d&max=5&jobKey=close_previous_month';
