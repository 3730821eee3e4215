// Hourly: blocks the accounts with an invoice unpaid past its due date (invoice-billed accounts),
// in case Stripe's invoice.overdue is late or not configured
// (lib/server/billing/refresh-overdue-standing.ts).
import type { Task } from 'graphile-worker';

import { refreshOverdueStanding } from '@/lib/server/billing/refresh-overdue-standing';

export const blockOverdueAccountsTask: Task = async (_payload, helpers) => {
  const refreshed = await refreshOverdueStanding();
  if (refreshed) helpers.logger.info(`overdue invoices: ${refreshed} accounts blocked`);
};

export const blockOverdueAccountsCron =
  '20 * * * * block_overdue_accounts ?fill=1h&max=1&jobKey=block_overdue_accounts';
