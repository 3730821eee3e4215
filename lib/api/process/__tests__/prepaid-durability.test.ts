// Prepaid draws under load and through a crash: a real API server process, many concurrent
// clients of a prepaid account, and a SIGKILL while calls are drawing on its credits. The draws
// commit with the usage rows or not at all: afterwards the balance is exactly the credits less
// the amounts of the recorded calls, and the monthly rows' credit share equals those amounts
// (nothing lost, nothing drawn twice).
// Driven by events, not sleeps: the upstream (held-upstream.ts) lets calls through until the test
// holds it, so the kill comes when every client's call is waiting upstream, known exactly.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { addCredits } from '@/lib/server/billing/credits';
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

test('a SIGKILL during draws loses no draw and counts none twice', { timeout: 90_000 }, async () => {
  const { key, accountId } = await newAccountWithKey({ payment: 'none' });
  await db.account.update({ where: { id: accountId }, data: { billingMode: 'prepaid' } });
  const credits = 100_000_000n; // $100: more than the load draws
  await addCredits({ accountId, kind: 'grant', amountMicros: credits, reason: 'durability test' });
  const port = await freePort();
  const received: Received[] = [];
  const clients = 8;
  const env = { UPSTREAM_FORUMSITE_URL: upstream.url };

  upstream.release({ stayOpen: true });
  let server = await startServer(port, env);
  const clientsLoad = load(port, key, clients, received);
  // Past the free tier (50 units), so that calls draw when the server dies.
  await clientsLoad.whenReceived(40);
  upstream.hold();
  await upstream.whenHeld(clients);
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  const receivedBeforeKill = received.length;
  upstream.release({ stayOpen: true });
  server = await startServer(port, env);
  await clientsLoad.whenReceived(receivedBeforeKill + 40);
  await clientsLoad.stop();
  server.kill('SIGTERM');
  expect(await new Promise((r) => server.once('exit', r))).toBe(0);

  const events = await db.usageEvent.findMany({ where: { accountId }, select: { id: true, amountMicros: true } });
  const byId = new Map(events.map((e) => [e.id, e]));
  for (const r of received) expect(byId.has(r.id)).toBe(true);
  expect(events.length).toBe(received.length);
  const drawn = events.reduce((sum, e) => sum + e.amountMicros, 0n);
  expect(drawn).toBeGreaterThan(0n);
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { creditBalanceMicros: true },
  });
  expect(account.creditBalanceMicros).toBe(credits - drawn);
  const monthly = await db.usageMonthly.findMany({ where: { accountId } });
  expect(monthly.reduce((sum, m) => sum + m.creditMicros, 0n)).toBe(drawn);
  expect(monthly.reduce((sum, m) => sum + m.amountMicros, 0n)).toBe(drawn);
});
