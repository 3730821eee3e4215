// Background and scheduled work, on graphile-worker (jobs and cron in PostgreSQL, so several
// instances share one schedule). `npm start` runs it beside the console and the API server.
import { Logger, run, type Task } from 'graphile-worker';
import { logger } from '@/lib/observability/logger';
import { metrics } from '@/lib/observability/metrics';
import { startMetrics } from '@/lib/observability/metrics-server';

import { announceKeyExpiryCron, announceKeyExpiryTask } from './announce-key-expiry';
import { blockOverdueAccountsCron, blockOverdueAccountsTask } from './block-overdue-accounts';
import { closePreviousMonth, crontab } from './close-previous-month';
import { closeUnclosedMonthsCron, closeUnclosedMonthsTask } from './close-unclosed-months';
import { evaluateUsageAlertsCron, evaluateUsageAlertsTask } from './evaluate-usage-alerts';
import { expireCreditsCron, expireCreditsTask } from './expire-credits';
import { deliverWebhookTask } from './deliver-webhook';
import { fetchNewsFeedsCron, fetchNewsFeedsTask, queueNewsFetchAtStart } from './fetch-news-feeds';
import { pruneUsageLogCron, pruneUsageLogTask } from './prune-usage-log';
import { pruneWebhookEventsCron, pruneWebhookEventsTask } from './prune-webhook-events';
import { rechargeCreditsCron, rechargeCreditsTask } from './recharge-credits';
import { reconcileBillingCron, reconcileBillingTask } from './reconcile-billing';
import { sendMailTask } from './send-mail';

const connectionString = process.env.DATABASE_URL;
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

const tasks: Record<string, Task> = {
  close_previous_month: closePreviousMonth,
  close_unclosed_months: closeUnclosedMonthsTask,
  prune_usage_log: pruneUsageLogTask,
  send_mail: sendMailTask,
  evaluate_usage_alerts: evaluateUsageAlertsTask,
  announce_key_expiry: announceKeyExpiryTask,
  block_overdue_accounts: blockOverdueAccountsTask,
  reconcile_billing: reconcileBillingTask,
  expire_credits: expireCreditsTask,
  recharge_credits: rechargeCreditsTask,
  fetch_news_feeds: fetchNewsFeedsTask,
  deliver_webhook: deliverWebhookTask,
  prune_webhook_events: pruneWebhookEventsTask,
};
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
  taskList: Object.fromEntries(Object.entries(tasks).map(([name, task]) => [name, counted(name, task)])),
  // graphile-worker's own lines (job failures, retries) in the same JSON log.
  logger: new Logger((scope) => (level, message, meta) => logger[levels[level]]({ ...scope, ...meta }, message)),
  crontab: [
    crontab,
    closeUnclosedMonthsCron,
    pruneUsageLogCron,
    evaluateUsageAlertsCron,
    announceKeyExpiryCron,
    blockOverdueAccountsCron,
    reconcileBillingCron,
    expireCreditsCron,
    rechargeCreditsCron,
    fetchNewsFeedsCron,
    pruneWebhookEventsCron,
  ].join('\n'),
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
logger.info(
  'Worker running (monthly invoicing at 00:05 UTC on the 1st, unclosed months swept at 01:05 UTC and request-log pruning at 03:15 UTC daily, overdue invoices and reconciliation with Stripe hourly, usage alerts and spending-cap warnings every minute, key expiry notices every 15 minutes, live news feeds every 10 minutes when news is live, webhook deliveries as they are due and webhook events past 30 days pruned at 03:45 UTC; mail over SMTP_URL)',
);
await runner.promise;
