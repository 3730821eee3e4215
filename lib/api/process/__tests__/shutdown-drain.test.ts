// SIGTERM on the production API server process while calls are in flight: the server stops
// accepting connections at once, but every call already started gets its 200 and its usage row
// is written before the process exits (lib/api/process/main.ts). The upstream holds the calls
// until the test releases them, so nothing here depends on timing.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import {
  freePort,
  killApiServers,
  startApiServer,
  whenRefusingConnections,
} from '../../__tests__/support/api-server-process';
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

test('SIGTERM refuses new connections, answers every call in flight with 200 and records its usage before exiting', {
  timeout: 60_000,
}, async () => {
  const { key, accountId } = await newAccountWithKey({ payment: 'invoice' });
  const port = await freePort();
  const server = await startApiServer(port, { UPSTREAM_FORUMSITE_URL: upstream.url });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

  const inFlight = 6;
  const calls = Array.from({ length: inFlight }, (_, i) =>
    fetch(`http://127.0.0.1:${port}/v1/forumsite/community/posts?community=drain${i}&pages=${1 + (i % 3)}`, {
      headers: { 'x-api-key': key },
    }).then(async (r) => ({
      status: r.status,
      id: r.headers.get('x-request-id'),
      units: Number(r.headers.get('x-billed-units')),
      body: await r.json(),
    })),
  );
  await upstream.whenHeld(inFlight);

  server.kill('SIGTERM');
  await whenRefusingConnections(port);
  expect(upstream.held).toBe(inFlight); // still in flight: nothing answered or aborted them
  upstream.release();

  const answers = await Promise.all(calls);
  expect(await exited).toBe(0);
  expect(answers.map((a) => a.status)).toEqual(Array(inFlight).fill(200));
  const events = await db.usageEvent.findMany({
    where: { accountId },
    select: { id: true, units: true, status: true },
  });
  expect(events.map((e) => e.id).sort()).toEqual(answers.map((a) => a.id).sort());
  for (const answer of answers) {
    expect(answer.units).toBe(answer.body.pages);
    expect(events.find((e) => e.id === answer.id)?.units).toBe(answer.units);
  }
  const monthly = await db.usageMonthly.findMany({ where: { accountId } });
  expect(monthly.reduce((sum, m) => sum + m.requests, 0)).toBe(inFlight);
});
