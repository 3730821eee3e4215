import 'server-only';

import { closeMonth, type ClosedInvoice } from './close-month';
import { findUnclosedMonths } from './find-unclosed-months';

export type CloseUnclosedMonthsOptions = { now?: Date };

/**
 * The daily sweep: closes every past month an account still has un-invoiced ledger or an
 * unfinished invoice in (findUnclosedMonths), oldest first. Each account's failure is recorded
 * and the rest go on, as in closeMonth; tomorrow's sweep tries again.
 */
export async function closeUnclosedMonths({
  now = new Date(),
}: CloseUnclosedMonthsOptions = {}): Promise<(ClosedInvoice & { month: string })[]> {
  const closed: (ClosedInvoice & { month: string })[] = [];
  for (const { accountId, month } of await findUnclosedMonths({ now })) {
    for (const result of await closeMonth({ month, accountId })) closed.push({ ...result, month });
  }
  return closed;
}
