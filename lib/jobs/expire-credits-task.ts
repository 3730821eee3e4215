// Daily: credits past their 12 months expire, oldest first (lib/server/billing/expire-credits.ts).
import type { Task } from 'graphile-worker';

import { expireCredits } from '@/lib/server/billing/expire-credits';

export const expireCreditsTask: Task = async (_payload, helpers) => {
  const written = await expireCredits();
  helpers.logger.info(`expired credits: ${written} lots`);
};

export const expireCreditsCron = '20 0 * * * expire_credits ?fill=1d&max=1&jobKey=expire_credits';
