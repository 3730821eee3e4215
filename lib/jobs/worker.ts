// Background and scheduled work, on graphile-worker (jobs and cron in PostgreSQL, so several
// instances share one schedule). `npm start` runs it beside the console and the API server.
import { Logger, run, type Task } from 'graphile-worker';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import { metrics } from '@/lib/observability/metrics';
import { startMetrics } from '@/lib/observability/metrics-server';

import { announceKeyExpiryCron, announceKeyExpiryTask } from './announce-key-expiry-task';
import { blockOverdueAccountsCron, blockOverdueAccountsTask } from './block-overdue-accounts-task';
import { closePreviousMonthCron, closePreviousMonthTask } from './close-previous-month-task';
import { closeUnclosedMonthsCron, closeUnclosedMonthsTask } from './close-unclosed-months-task';
import { deliverWebhookTask } from './deliver-webhook-task';
import { evaluateUsageAlertsCron, evaluateUsageAlertsTask } from './evaluate-usage-alerts-task';
import { expireCreditsCron, expireCreditsTask } from './expire-credits-task';
import { fetchNewsFeedsCron, fetchNewsFeedsTask, queueNewsFetchAtStart } from './fetch-news-feeds-task';
import { pruneUsageLogCron, pruneUsageLogTask } from './prune-usage-log-task';
import { pruneWebhookEventsCron, pruneWebhookEventsTask } from './prune-webhook-events-task';
import { rechargeCreditsCron, rechargeCreditsTask } from './recharge-credits-task';
import { reconcileBillingCron, reconcileBillingTask } from './reconcile-billing-task';
import { sendMailTask } from './send-mail-task';

const connectionString = env.DATABASE_URL;
if (!connectionString) {
  logger.fatal('worker: DATABASE_URL is not set (npm start sets it for the embedded PostgreSQL)');
  process.exit(2);
}

/** A task that counts its runs by outcome (jobs_total); a failure is still thrown, for graphile-worker to retry. */
function counted(name: string, task: Task): Task {
  return async (payload, helpers) => {
    try {
      await task(payload, helpers);
    } catch (error) {
      metrics.job(name, 'failed');
      throw error;
    }
    metrics.job(name, 'succeeded');
  };
}

/**
 * Every task the worker runs: its name (the crontab's and enqueueJob's), its crontab line (none
 * for the tasks queued as work arrives) and when it runs, in words, for the start-up log line.
 */
const schedule: { name: string; task: Task; cron?: string; when: string }[] = [
  {
    name: 'close_previous_month',
    task: closePreviousMonthTask,
    cron: closePreviousMonthCron,
    when: 'monthly invoicing at 00:05 UTC on the 1st',
  },
  {
    name: 'close_unclosed_months',
    task: closeUnclosedMonthsTask,
    cron: closeUnclosedMonthsCron,
    when: 'unclosed months swept at 01:05 UTC daily',
  },
  {
    name: 'expire_credits',
    task: expireCreditsTask,
    cron: expireCreditsCron,
    when: 'credits expired at 00:20 UTC daily',
  },
  {
    name: 'prune_usage_log',
    task: pruneUsageLogTask,
    cron: pruneUsageLogCron,
    when: 'request-log pruning at 03:15 UTC daily',
  },
  {
    name: 'prune_webhook_events',
    task: pruneWebhookEventsTask,
    cron: pruneWebhookEventsCron,
    when: 'webhook events past 30 days pruned at 03:45 UTC daily',
  },
  {
    name: 'block_overdue_accounts',
    task: blockOverdueAccountsTask,
    cron: blockOverdueAccountsCron,
    when: 'overdue invoices hourly',
  },
  {
    name: 'reconcile_billing',
    task: reconcileBillingTask,
    cron: reconcileBillingCron,
    when: 'reconciliation with Stripe hourly',
  },
  {
    name: 'evaluate_usage_alerts',
    task: evaluateUsageAlertsTask,
    cron: evaluateUsageAlertsCron,
    when: 'usage alerts and spending-cap warnings every minute',
  },
  {
    name: 'recharge_credits',
    task: rechargeCreditsTask,
    cron: rechargeCreditsCron,
    when: 'auto-recharge of prepaid accounts every minute',
  },
  {
    name: 'announce_key_expiry',
    task: announceKeyExpiryTask,
    cron: announceKeyExpiryCron,
    when: 'key expiry notices every 15 minutes',
  },
  {
    name: 'fetch_news_feeds',
    task: fetchNewsFeedsTask,
    cron: fetchNewsFeedsCron,
    when: 'live news feeds every 10 minutes when news is live',
  },
  { name: 'deliver_webhook', task: deliverWebhookTask, when: 'webhook deliveries as they are due' },
  { name: 'send_mail', task: sendMailTask, when: 'mail over SMTP_URL as it is queued' },
];
const levels = { error: 'error', warning: 'warn', info: 'info', debug: 'debug' } as const;

await startMetrics('job-worker');

const runner = await run({
  connectionString,
  // Jobs run side by side (as they do across several workers: each holds its own lease or lock),
  // so a webhook receiver taking its full 10 s does not hold up mail or the month close.
  concurrency: 4,
  // SIGTERM and SIGINT are handled below: graphile-worker's own handler logs a normal stop at
  // error level and ends the process by the signal, not with code 0.
  noHandleSignals: true,
  pollInterval: 5_000,
  taskList: Object.fromEntries(schedule.map(({ name, task }) => [name, counted(name, task)])),
  // graphile-worker's own lines (job failures, retries) in the same JSON log.
  logger: new Logger((scope) => (level, message, meta) => logger[levels[level]]({ ...scope, ...meta }, message)),
  crontab: schedule.flatMap(({ cron }) => (cron ? [cron] : [])).join('\n'),
});

// A deploy stops the worker with SIGTERM (`npm start`'s Ctrl-C sends SIGINT too): a normal end,
// logged at info. The jobs in hand finish (graphile-worker aborts them after its shutdown timeout
// and they are retried later); further signals while stopping are ignored.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `Worker stopping (${signal}): finishing the jobs in hand`);
    runner.stop().then(
      () => {
        logger.info('Worker stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'Worker failed to stop cleanly');
        process.exit(1);
      },
    );
  });
}

await queueNewsFetchAtStart(runner);
logger.info(`Worker running (${schedule.map(({ when }) => when).join(', ')})`);
await runner.promise;
