// Billing under load and through a crash: a real API server process, many concurrent clients,
// and a SIGKILL in the middle. Every response a client received must be billed exactly once,
// with the units it carried; the monthly totals must equal the sum of the call records.
// Driven by events, not sleeps: the upstream (held-upstream.ts) lets calls through until the test
// holds it, so the kill comes when every client's call is waiting upstream, known exactly.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { freePort, killApiServers, startApiServer as startServer } from '../../__tests__/support/api-server-process';
import { load, type Received } from '../../__tests__/support/client-load';
import { newAccountWithKey } from '../../__tests__/support/harness';
import { startHeldUpstream, type HeldUpstream } from '../../__tests__/support/held-upstream';

let upstream: HeldUpstream;
beforeAll(async () => {
  upstream = await startHeldUpstream();
});
afterAll(async () => {
  killApiServers();
  await upstream.close();
});

test('bills exactly what clients received, through a SIGKILL mid-load and a graceful stop', {
  timeout: 90_000,
}, async () => {
  const { key, accountId } = await newAccountWithKey({ payment: 'invoice' });
  const port = await freePort();
  const received: Received[] = [];
  const clients = 8;
  const env = { UPSTREAM_FORUMSITE_URL: upstream.url };

  upstream.release({ stayOpen: true });
  let server = await startServer(port, env);
  const clientsLoad = load(port, key, clients, received);
  await clientsLoad.whenReceived(40);
  // Hold every client's next call upstream, then kill the server with all of them in flight.
  upstream.hold();
  await upstream.whenHeld(clients);
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  const receivedBeforeKill = received.length;
  // The held calls now answer a dead server: none of them reaches a client or the ledger.
  upstream.release({ stayOpen: true });
  server = await startServer(port, env);
  await clientsLoad.whenReceived(receivedBeforeKill + 40);
  await clientsLoad.stop();
  server.kill('SIGTERM');
  expect(await new Promise((r) => server.once('exit', r))).toBe(0);

  const events = await db.usageEvent.findMany({
    where: { accountId },
    select: { id: true, units: true, status: true },
  });
  const byId = new Map(events.map((e) => [e.id, e]));
  // Every response a client received is recorded, with the units it was told and got.
  for (const r of received) {
    expect(r.units).toBe(r.pages);
    expect(byId.get(r.id)?.units).toBe(r.units);
  }
  // The calls in flight at the kill were upstream, before billing: nothing else is recorded.
  expect(events.length).toBe(received.length);
  // The monthly totals are exactly the sum of the records: nothing counted twice.
  const monthly = await db.usageMonthly.findMany({ where: { accountId } });
  const units = events.reduce((sum, e) => sum + e.units, 0);
  expect(monthly.reduce((sum, m) => sum + m.units, 0)).toBe(units);
  expect(monthly.reduce((sum, m) => sum + m.requests, 0)).toBe(events.length);
  expect(monthly.reduce((sum, m) => sum + m.freeUnits, 0)).toBe(Math.min(50, units));
  // The daily rollup the usage pages read is written in the ledger's statement: equal to it too.
  const daily = await db.usageDaily.findMany({ where: { accountId } });
  const sum = (rows: { requests: number; units: number; freeUnits: number; amountMicros: bigint }[]) =>
    rows.reduce(
      (t, r) => ({
        requests: t.requests + r.requests,
        units: t.units + r.units,
        freeUnits: t.freeUnits + r.freeUnits,
        amountMicros: t.amountMicros + r.amountMicros,
      }),
      {
        requests: 0,
        units: 0,
        freeUnits: 0,
        amountMicros: 0n,
      },
    );
  expect(sum(daily)).toEqual(sum(monthly));
});
