// The daily pruning of the request log past USAGE_LOG_RETENTION_DAYS.
import type { Task } from 'graphile-worker';

import { env } from '@/lib/env';
import { pruneUsageLog } from '@/lib/server/usage/prune-usage-log';

export const pruneUsageLogTask: Task = async (_payload, helpers) => {
  const { cutoff, events, refusals } = await pruneUsageLog({ retentionDays: env.USAGE_LOG_RETENTION_DAYS });
  helpers.logger.info(
    `pruned the request log before ${cutoff.toISOString()}: ${events} calls, ${refusals} refusal counts`,
  );
};

/** 03:15 UTC every day; one worker runs it (graphile-worker records each cron run). */
export const pruneUsageLogCron = '15 3 * * * prune_usage_log ?fill=1d&max=1&jobKey=prune_usage_log';
