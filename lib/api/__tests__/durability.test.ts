// Billing under load and through a crash: a real API server process, many concurrent clients,
// and a SIGKILL in the middle. Every response a client received must be billed exactly once,
// with the units it carried; the monthly totals must equal the sum of the call records.
import { afterAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { freePort, killApiServers, startApiServer as startServer } from './api-server-process';
import { newAccountWithKey } from './harness';

afterAll(killApiServers);

interface Received {
  id: string;
  units: number;
  pages: number;
}

/** Clients that call until told to stop, keeping what they received. */
function load(port: number, key: string, clients: number, received: Received[]): { stop(): Promise<void> } {
  let running = true;
  const loops = Array.from({ length: clients }, async (_, c) => {
    for (let i = 0; running; i++) {
      const pages = 1 + ((c + i) % 4);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/v1/forumsite/community/posts?community=load${c % 3}&pages=${pages}`, {
          headers: { 'x-api-key': key },
        });
        const body = (await r.json()) as { pages?: number };
        if (r.status === 200) {
          received.push({ id: r.headers.get('x-request-id')!, units: Number(r.headers.get('x-billed-units')), pages: body.pages! });
        }
      } catch {
        if (!running) return;
        await new Promise((r) => setTimeout(r, 20)); // the server is down; try again
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

test('bills exactly what clients received, through a SIGKILL mid-load and a graceful stop', { timeout: 90_000 }, async () => {
  const { key, accountId } = await newAccountWithKey({ payment: 'invoice' });
  const port = await freePort();
  const received: Received[] = [];
  const clients = 8;

  let server = await startServer(port);
  const first = load(port, key, clients, received);
  await new Promise((r) => setTimeout(r, 1500));
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  const receivedBeforeKill = received.length;

  server = await startServer(port);
  await new Promise((r) => setTimeout(r, 1500));
  await first.stop();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));

  expect(receivedBeforeKill).toBeGreaterThan(20);
  expect(received.length).toBeGreaterThan(receivedBeforeKill);
  const events = await db.usageEvent.findMany({ where: { accountId }, select: { id: true, units: true, status: true } });
  const byId = new Map(events.map((e) => [e.id, e]));
  // Every response a client received is recorded, with the units it was told and got.
  for (const r of received) {
    expect(r.units).toBe(r.pages);
    expect(byId.get(r.id)?.units).toBe(r.units);
  }
  // Records without a received response can only be calls that were in flight at the kill.
  const unreceived = events.filter((e) => !received.some((r) => r.id === e.id));
  expect(unreceived.length).toBeLessThanOrEqual(clients);
  // The monthly totals are exactly the sum of the records: nothing counted twice.
  const monthly = await db.usageMonthly.findMany({ where: { accountId } });
  const units = events.reduce((sum, e) => sum + e.units, 0);
  expect(monthly.reduce((sum, m) => sum + m.units, 0)).toBe(units);
  expect(monthly.reduce((sum, m) => sum + m.requests, 0)).toBe(events.length);
  expect(monthly.reduce((sum, m) => sum + m.freeUnits, 0)).toBe(Math.min(50, units));
  console.log(`durability: ${received.length} responses received, ${events.length} recorded, ${unreceived.length} in flight at the kill`);
});
