// Tests only: a hook called at each step of a month close, so a test can stop a close exactly
// where a killed process would (the hook throws) or hold two closes at the same point (a
// barrier); one called while a close waits for another's lease; and a test clock for the lease
// (month-close-lease.ts). Unset in the app; closeMonth's own signature has no test options.

/** The lease's clock and heartbeat timer: the real ones, or a test clock (closeMonthHooks.clock); month-close-lease.ts uses it. */
export type LeaseClock = {
  now(): Date;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => Promise<void>): () => void;
};

export type CloseMonthStep =
  /** The account's previous invoice and the remainder it carries were read; no invoice row yet. */
  | 'carry-read'
  /** The invoice row is recorded; nothing is in Stripe yet. */
  | 'invoice-row'
  /** Stripe made the invoice; its id is not saved yet. */
  | 'stripe-invoice-created'
  /** The Stripe invoice's id is saved. */
  | 'stripe-invoice'
  /** Stripe made an invoice item; its id is not saved yet. */
  | 'item-created'
  /** An invoice item's id is saved. */
  | 'item'
  /** Every item is on the draft; its total is not checked and it is not finalized yet. */
  | 'items'
  /** Finalized; not yet charged or sent. */
  | 'finalized';

export type CloseMonthStepInfo = { accountId: string; month: string; invoiceId?: string };

export const closeMonthHooks: {
  onStep?: (step: CloseMonthStep, info: CloseMonthStepInfo) => void | Promise<void>;
  /** A close of the account is waiting: `holder` has its lease and is renewing it. */
  onLeaseWait?: (info: { accountId: string; holder: string }) => void | Promise<void>;
  /** The lease's clock and heartbeat timer, in place of the real ones. */
  clock?: LeaseClock;
} = {};

export async function closeMonthStep(step: CloseMonthStep, info: CloseMonthStepInfo): Promise<void> {
  await closeMonthHooks.onStep?.(step, info);
}
