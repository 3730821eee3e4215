import 'server-only';

import { closeMonth, type ClosedInvoice } from './close-month';
import { findUnclosedMonths } from './find-unclosed-months';

export type CloseUnclosedMonthsOptions = { now?: Date };

/** Passes over what is left, at most: each pass finishes what the one before left (a guard, not a schedule). */
const MAX_PASSES = 10;

/**
 * The daily sweep: closes every past month an account still has un-invoiced ledger or an
 * unfinished invoice in (findUnclosedMonths), oldest first, and looks again until nothing is left:
 * one close finishes an unfinished invoice, the next invoices the usage recorded after it, in the
 * same sweep. An account and month whose close failed, or that a close left as it was, is not
 * tried again until tomorrow's sweep. Each account's failure is recorded and the rest go on, as
 * in closeMonth.
 */
export async function closeUnclosedMonths({
  now = new Date(),
}: CloseUnclosedMonthsOptions = {}): Promise<(ClosedInvoice & { month: string })[]> {
  const closed: (ClosedInvoice & { month: string })[] = [];
  const leftAlone = new Set<string>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const todo = (await findUnclosedMonths({ now })).filter((m) => !leftAlone.has(`${m.accountId} ${m.month}`));
    if (!todo.length) break;
    for (const { accountId, month } of todo) {
      for (const result of await closeMonth({ month, accountId })) {
        closed.push({ ...result, month });
        if (result.outcome === 'failed' || result.outcome === 'nothing') leftAlone.add(`${accountId} ${month}`);
      }
    }
  }
  return closed;
}
