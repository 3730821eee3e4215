// When a failed delivery is tried again: exponential backoff from one minute, doubling, at most
// 12 hours apart, for 3 days after the event (about 16 attempts); the last one at the 3 days' end.

const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_DELAY_MS = 60 * 1000;
const LONGEST_DELAY_MS = 12 * 60 * 60 * 1000;

/** The wait after failed attempt `attempt` (1-based), before the window's end is applied. */
function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1), LONGEST_DELAY_MS);
}

/**
 * When attempt `attempt + 1` runs, or null when the window that began at `start` (the event's
 * creation) is over. A retry that would fall past the window runs at its end instead.
 */
export function nextAttemptAt(attempt: number, failedAt: Date, start: Date): Date | null {
  const end = start.getTime() + RETRY_WINDOW_MS;
  if (failedAt.getTime() >= end) return null;
  return new Date(Math.min(failedAt.getTime() + retryDelayMs(attempt), end));
}

/** An endpoint failing (every attempt, no success) for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = RETRY_WINDOW_MS;
