// The billing invariant checked after each gateway measurement, as the kill test checks it.
import type pg from 'pg';

/**
 * The kill test's invariant, after a gateway measurement: each response a client received is
 * recorded once, with the units it said; per account, what was recorded beyond that is only the
 * answers in flight when the clients stopped (billed, never read). Returns false on a mismatch.
 */
export async function checkBilling(
  client: pg.Client,
  received: Map<string, number>,
  since: Date,
  quiet = false,
): Promise<boolean> {
  // The clients stop with calls in flight: let them finish and be recorded.
  await new Promise((r) => setTimeout(r, 500));
  const ids = [...received.keys()];
  const { rows } = await client.query<{ id: string; accountId: string; units: number }>(
    `SELECT id, "accountId", units FROM "UsageEvent" WHERE id = ANY($1::text[])`,
    [ids],
  );
  const perAccount = new Map<string, { received: number; recorded: number }>();
  let mismatched = ids.length - rows.length;
  for (const row of rows) {
    if (row.units !== received.get(row.id)) mismatched++;
    const account = perAccount.get(row.accountId) ?? { received: 0, recorded: 0 };
    account.received += received.get(row.id)!;
    perAccount.set(row.accountId, account);
  }
  const { rows: totals } = await client.query<{ accountId: string; units: string }>(
    `SELECT "accountId", SUM(units) AS units FROM "UsageEvent" WHERE "accountId" LIKE 'bench\\_%' AND "createdAt" >= $1 GROUP BY 1`,
    [since],
  );
  let unread = 0;
  for (const total of totals) {
    const account = perAccount.get(total.accountId) ?? { received: 0, recorded: 0 };
    account.recorded = Number(total.units);
    unread += account.recorded - account.received;
    if (account.recorded < account.received) mismatched++;
  }
  const receivedUnits = [...perAccount.values()].reduce((sum, a) => sum + a.received, 0);
  if (mismatched === 0 && quiet) return true;
  console.log(
    mismatched === 0
      ? `       billing exact: ${ids.length} responses received, each recorded once with its units (${receivedUnits} units over ${perAccount.size} accounts); ${unread} more units recorded for answers in flight when the clients stopped`
      : `       BILLING MISMATCH: ${mismatched} of ${ids.length} received responses missing, billed differently, or an account under-recorded`,
  );
  return mismatched === 0;
}
