// The thresholds an alert of a cap or a key limit starts with (percentages), and the bounds of any.
export const DEFAULT_THRESHOLDS = [50, 80, 100] as const;
export const MAX_THRESHOLD = 1000;

/** The account's cap alerts (UsageAlert.builtIn), one per period. */
export const CAP_ALERTS = { day: 'cap_day', month: 'cap_month' } as const;
