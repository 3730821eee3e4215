// The daily sweep: closes every past month still holding un-invoiced ledger or an unfinished
// invoice (a month whose close failed for an account, or calls recorded after the close).
import type { Task } from 'graphile-worker';

import { closeUnclosedMonths } from '@/lib/server/billing/close-unclosed-months';
import { releaseDeletedBilling } from '@/lib/server/billing/release-deleted-billing';

export const closeUnclosedMonthsTask: Task = async (_payload, helpers) => {
  const closed = await closeUnclosedMonths();
  const failed = closed.filter((c) => c.outcome === 'failed');
  for (const f of failed) helpers.logger.error(`close of ${f.month} failed for account ${f.accountId}: ${f.error}`);
  helpers.logger.info(
    `swept unclosed months: ${closed.filter((c) => c.outcome === 'invoiced').length} invoiced, ${closed.filter((c) => c.outcome === 'carried').length} carried, ${failed.length} failed (npm run console -- billing-status)`,
  );
  // Deleted accounts with nothing left to bill let go of their Stripe customer reference.
  const released = await releaseDeletedBilling();
  if (released) helpers.logger.info(`deleted accounts settled: ${released} Stripe customer references removed`);
};

/**
 * 01:05 UTC every day (after the monthly close at 00:05 on the 1st); one worker runs it.
 * Failures stay recorded and are retried the next day, so the job itself does not retry.
 */
export const closeUnclosedMonthsCron = '5 1 * * * close_unclosed_months ?fill=1d&max=1&jobKey=close_unclosed_months';
