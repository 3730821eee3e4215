// The UTC day and month an alert is evaluated for, as labels (the firing's period) and ranges.
import type { UsageAlertPeriod } from '@/lib/generated/prisma/client';
import { billingMonth, monthStart } from '@/lib/utc-month';

export type AlertPeriods = { day: string; month: string; dayStart: Date; monthStart: Date };

export function alertPeriods(now: Date): AlertPeriods {
  const day = now.toISOString().slice(0, 10);
  return { day, month: billingMonth(now), dayStart: new Date(`${day}T00:00:00Z`), monthStart: monthStart(now) };
}

export function periodLabel(periods: AlertPeriods, period: UsageAlertPeriod): string {
  return period === 'day' ? periods.day : periods.month;
}
