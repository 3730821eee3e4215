// Every minute: prepaid accounts below their auto-recharge threshold are recharged off-session
// (lib/server/billing/auto-recharge.ts), and a recharge a killed run left pending is finished.
import type { Task } from 'graphile-worker';

import { rechargeLowAccounts } from '@/lib/server/billing/auto-recharge';

export const rechargeCreditsTask: Task = async (_payload, helpers) => {
  const counts = await rechargeLowAccounts();
  helpers.logger.info(`auto-recharge: ${JSON.stringify(counts)}`);
};

export const rechargeCreditsCron = '* * * * * recharge_credits ?max=1&jobKey=recharge_credits';
