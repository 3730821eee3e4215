// How long a call's holds last (CallHold.expiresAt, reserve_call in prisma/functions.sql): longer
// than any call of this process can live, so that a hold ends by its call's record or release,
// and only the holds of a process that died end by the lease.
// A call's provider part ends at the gateway's deadline (UPSTREAM_TIMEOUT_MS for the whole call,
// however many platform requests it makes: provider-call.ts answers upstream_timeout then, and
// every platform request and politeness wait is aborted with it); then it waits for its billing
// commit (the usage recorder's five attempts, about 2 s). The lease is the deadline plus a minute
// for that and for clocks a little apart, and never under five minutes.
// (Not the platform timeout times the most platform requests a call may make: 1,000 pages of
// clipnet at 30 s would make holds of a dead process last over eight hours.)

/** Time for the billing commit after the deadline, and for clocks a little apart. */
const BILLING_MARGIN_MS = 60_000;
const SHORTEST_LEASE_MS = 5 * 60_000;

/** The hold lease of a process whose calls end at `deadlineMs` (UPSTREAM_TIMEOUT_MS) at the latest. */
export function holdLeaseMs(deadlineMs: number): number {
  return Math.max(SHORTEST_LEASE_MS, deadlineMs + BILLING_MARGIN_MS);
}
