// Every minute: evaluates the usage alerts (the spending-cap warnings among them) against the
// usage recorded so far, and fires each threshold reached once per period
// (lib/server/alerts/evaluate-usage-alerts.ts). Off the API's request path by design.
import type { Task } from 'graphile-worker';

import { evaluateUsageAlerts } from '@/lib/server/alerts/evaluate-usage-alerts';

export const evaluateUsageAlertsTask: Task = async (_payload, helpers) => {
  const sent = await evaluateUsageAlerts();
  if (sent) helpers.logger.info(`usage alerts: ${sent} mails queued`);
};

/** A missed run needs no backfill: the next one sees the same usage. */
export const evaluateUsageAlertsCron = '* * * * * evaluate_usage_alerts ?max=1&jobKey=evaluate_usage_alerts';
