// The thresholds an alert of a cap or a key limit starts with (percentages), the bounds of any, and
// the names of the account's cap alerts: the same on the server and in the browser.
export const DEFAULT_THRESHOLDS = [50, 80, 100] as const;
export const MAX_THRESHOLD = 1000;

/** The account's cap alerts (UsageAlert.builtIn), one per period. */
export const CAP_ALERTS = { day: 'cap_day', month: 'cap_month' } as const;
