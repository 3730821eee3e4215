// Calendar months in UTC: the one place that does month arithmetic. A billing month is "YYYY-MM";
// the free tier, the caps, the usage pages and the month close all count by it.

/** The last month computed and its bounds (ms): every call asks, nearly always in the same month. */
let known = { month: '', from: 0, until: 0 };

/** The billing month of a moment, "YYYY-MM" in UTC. */
export function billingMonth(at: Date | number = Date.now()): string {
  const t = typeof at === 'number' ? at : at.getTime();
  if (t < known.from || t >= known.until) {
    const d = new Date(t);
    known = { month: d.toISOString().slice(0, 7), from: monthStart(d).getTime(), until: monthStart(d, 1).getTime() };
  }
  return known.month;
}

/** The first instant (UTC) of the month `offset` months after the one `at` falls in (negative: before). */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** A billing month's first instant and the next month's, UTC. */
export function monthRange(month: string): [Date, Date] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return [new Date(Date.UTC(year, m - 1, 1)), new Date(Date.UTC(year, m, 1))];
}

/** The billing month before the one `at` falls in. */
export function previousMonth(at: Date): string {
  return billingMonth(monthStart(at, -1));
}
