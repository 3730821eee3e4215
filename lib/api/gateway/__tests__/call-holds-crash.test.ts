// The free units held by calls of a process killed mid-call come back after the
// documented lease, each hold on its own, even while the account keeps calling. (They were one
// count per account, endpoint and month, whose one time every new reservation refreshed: after a
// SIGKILL with two calls in flight, 40 free units stayed held for the rest of the month.)
// A real API server process is killed with two calls waiting at the upstream; the account's next
// calls go through a gateway in this process whose clock (Date only) the test moves.
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { env } from '@/lib/env';
import { holdLeaseMs } from '../hold-lease';
import { freePort, killApiServers, startApiServer } from '../../__tests__/support/api-server-process';
import { billing } from '../../__tests__/support/cases';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';
import { startHeldUpstream, type HeldUpstream } from '../../__tests__/support/held-upstream';

const POSTS = '/v1/forumsite/community/posts';

let upstream: HeldUpstream;
let api: TestApi;
beforeAll(async () => {
  upstream = await startHeldUpstream();
  api = await startTestApi({ redisUrl: '' });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  killApiServers();
  await api?.close();
  await upstream?.close();
});

/** Moves the clock the gateway reads (Date only: timers and the database keep real time). */
function clockAt(ms: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

test('the free units two calls held when their API server was SIGKILLed come back after the lease, while the account keeps calling', {
  timeout: 60_000,
}, async () => {
  const account = await newAccountWithKey({ payment: 'none' });
  const port = await freePort();
  const server = await startApiServer(port, { UPSTREAM_FORUMSITE_URL: upstream.url });
  const heldFrom = Date.now();
  const calls = [1, 2].map(() =>
    fetch(`http://127.0.0.1:${port}${POSTS}?community=gardening&pages=20`, {
      headers: { 'x-api-key': account.key },
    }).catch(() => null),
  );
  await upstream.whenHeld(2);
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  expect(await Promise.all(calls)).toEqual([null, null]); // neither answered: nothing billed
  upstream.release({ stayOpen: true });

  // The server's lease: the same environment, so the same UPSTREAM_TIMEOUT_MS.
  const lease = holdLeaseMs(env.UPSTREAM_TIMEOUT_MS);
  const get = (pages: number) => api.get(POSTS, { key: account.key, params: { community: 'gardening', pages } });
  // Within the lease the 40 units stay held: 10 are left, and a call for 20 is cut to them.
  clockAt(heldFrom + lease - 1_000);
  const cut = await get(20);
  expect({ status: cut.status, truncated: cut.headers.get('x-free-tier-truncated'), bill: billing(cut) }).toEqual({
    status: 200,
    truncated: 'true',
    bill: { units: 10, free: 10, amount: 0, remaining: 0 },
  });
  // The account kept calling; once the lease has passed, the dead calls' 40 units are free again.
  clockAt(heldFrom + lease + 60_000);
  const after = await get(40);
  expect({ status: after.status, bill: billing(after) }).toEqual({
    status: 200,
    bill: { units: 40, free: 40, amount: 0, remaining: 0 },
  });
});
