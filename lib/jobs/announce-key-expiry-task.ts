// Every 15 minutes: announces keys expiring in 7 days and in 1 day (mail and key.expiring) and
// tells key.expired as each expiry passes (lib/server/alerts/announce-key-expiry.ts).
import type { Task } from 'graphile-worker';

import { announceKeyExpiry } from '@/lib/server/alerts/announce-key-expiry';

export const announceKeyExpiryTask: Task = async (_payload, helpers) => {
  const told = await announceKeyExpiry();
  if (told) helpers.logger.info(`key expiry: ${told} announcements`);
};

/** A missed run needs no backfill: the next one sees the same keys (an expiry passed up to a day before). */
export const announceKeyExpiryCron = '*/15 * * * * announce_key_expiry ?max=1&jobKey=announce_key_expiry';
