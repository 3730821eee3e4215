// Every 5 minutes: mails the accounts whose spend reached 80 % or 100 % of a cap (once per
// period, cap and threshold; lib/server/billing/warn-spending-caps.ts).
import type { Task } from 'graphile-worker';

import { warnSpendingCaps } from '@/lib/server/billing/warn-spending-caps';

export const warnSpendingCapsTask: Task = async (_payload, helpers) => {
  const sent = await warnSpendingCaps();
  if (sent) helpers.logger.info(`spending caps: ${sent} warning mails queued`);
};

/** A missed run needs no backfill: the next one sees the same spend. */
export const warnSpendingCapsCron = '*/5 * * * * warn_spending_caps ?max=1&jobKey=warn_spending_caps';
