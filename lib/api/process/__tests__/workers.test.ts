// The API server as two worker processes (API_WORKERS=2, node:cluster) on PostgreSQL alone, no
// Redis: per-account limits hold across the workers exactly as in one process. The concurrency
// count lives in the primary (lib/api/gateway/cluster-limiter.ts), free-tier holds in PostgreSQL.
// The primary hands new connections to the workers in turn, so calls made at once (one connection
// each) land on both. The upstream holds calls until the test releases them: no sleeps.
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { db } from '@/lib/db';
import { findEndpoint } from '../../registry';
import {
  freePort,
  hasExited,
  killApiServers,
  startApiServer,
  whenRefusingConnections,
  workerPids,
} from '../../__tests__/support/api-server-process';
import { newAccountWithKey } from '../../__tests__/support/harness';
import { startHeldUpstream, type HeldUpstream } from '../../__tests__/support/held-upstream';

const posts = findEndpoint('/v1/forumsite/community/posts')!;
const limit = posts.concurrency;
const tooMany = {
  error: `Too many simultaneous requests to ${posts.path}: at most ${limit} at a time per account`,
  code: 'concurrency_limit_exceeded',
};

let upstream: HeldUpstream;
beforeAll(async () => {
  upstream = await startHeldUpstream();
});
// A failed test leaves no call waiting for the next one.
afterEach(() => upstream.release());
afterAll(async () => {
  killApiServers();
  await upstream.close();
});

interface Answer {
  status: number;
  id: string | null;
  body: { code?: string; error?: string };
}

function getPosts(port: number, key: string, community: string): Promise<Answer> {
  return fetch(`http://127.0.0.1:${port}/v1/forumsite/community/posts?community=${community}&pages=1`, {
    headers: { 'x-api-key': key },
  }).then(async (r) => ({
    status: r.status,
    id: r.headers.get('x-request-id'),
    body: (await r.json()) as Answer['body'],
  }));
}

function startWorkers(port: number): Promise<ChildProcess> {
  return startApiServer(port, { API_WORKERS: '2', UPSTREAM_FORUMSITE_URL: upstream.url });
}

/** Resolves once `count` calls wait upstream, or with the first call answered before that. */
function heldOrFirstAnswer(count: number, calls: Promise<Answer>[]): Promise<'held' | Answer> {
  return Promise.race([upstream.whenHeld(count).then(() => 'held' as const), ...calls]);
}

/** The calls' answers, or 'one got through' once one of them waits upstream instead. */
function answersOrOneThrough(calls: Promise<Answer>[]): Promise<Answer[] | 'one got through'> {
  return Promise.race([
    Promise.all(calls),
    upstream.whenHeld(upstream.held + 1).then(() => 'one got through' as const),
  ]);
}

/** For what only /proc shows (another process's children): checks again every few milliseconds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

describe('two workers, one account', () => {
  let port: number;
  let server: ChildProcess;
  beforeAll(async () => {
    port = await freePort();
    server = await startWorkers(port);
  });

  test('refuses the call beyond 10 in flight with 429 whichever worker takes it, and records each held call once', {
    timeout: 60_000,
  }, async () => {
    const { key, accountId } = await newAccountWithKey({ payment: 'invoice' });
    const held = Array.from({ length: limit }, (_, i) => getPosts(port, key, `held${i}`));
    expect(await heldOrFirstAnswer(limit, held)).toBe('held');

    // Four new connections, two to each worker; a worker counting alone would have room (5 of 10).
    const over = Array.from({ length: 4 }, (_, i) => getPosts(port, key, `over${i}`));
    expect(await answersOrOneThrough(over)).toEqual(
      Array(4).fill({ status: 429, id: expect.any(String), body: tooMany }),
    );

    upstream.release();
    const answers = await Promise.all(held);
    expect(answers.map((a) => a.status)).toEqual(Array(limit).fill(200));
    const events = await db.usageEvent.findMany({ where: { accountId, status: 200 }, select: { id: true } });
    expect(events.map((e) => e.id).sort()).toEqual(answers.map((a) => a.id).sort());
  });

  test('frees the slots of a worker killed mid-call and replaces it: the account again gets 10 calls in flight', {
    timeout: 60_000,
  }, async () => {
    const { key } = await newAccountWithKey({ payment: 'invoice' });
    const primary = server.pid!;
    const workers = workerPids(primary);
    expect(workers).toHaveLength(2);
    const calls = Array.from({ length: limit }, (_, i) =>
      getPosts(port, key, `kill${i}`).catch(() => 'failed' as const),
    );
    await upstream.whenHeld(limit);

    const [killed] = workers;
    process.kill(killed!, 'SIGKILL');
    // The primary frees the dead worker's slots, then forks the replacement.
    await until(() => {
      const now = workerPids(primary);
      return now.length === 2 && !now.includes(killed!);
    });
    upstream.release();
    const outcomes = await Promise.all(calls);
    // Calls were on both workers: the killed one's failed, the other's were answered.
    const answered = outcomes.filter((o) => o !== 'failed');
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(limit);
    expect(answered.map((a) => a.status)).toEqual(Array(answered.length).fill(200));

    // Were the killed worker's slots still counted, some of these would be refused at once.
    const again = Array.from({ length: limit }, (_, i) => getPosts(port, key, `again${i}`));
    expect(await heldOrFirstAnswer(limit, again)).toBe('held');
    expect(await answersOrOneThrough([getPosts(port, key, 'over')])).toEqual([
      { status: 429, id: expect.any(String), body: tooMany },
    ]);
    upstream.release();
    expect((await Promise.all(again)).map((a) => a.status)).toEqual(Array(limit).fill(200));
  });

  test('gives an account without a payment method exactly its 50 free units, racing on both workers', {
    timeout: 60_000,
  }, async () => {
    const { key, accountId } = await newAccountWithKey({ payment: 'none' });
    upstream.release({ stayOpen: true });
    const answers: Answer[] = [];
    try {
      // 60 single-unit calls, at most 10 at a time; the wave from the 46th call on straddles the 50th unit.
      for (const wave of [5, 10, 10, 10, 10, 10, 5]) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: wave }, (_, i) => getPosts(port, key, `free${answers.length + i}`)),
          )),
        );
      }
    } finally {
      upstream.hold();
    }
    expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
    // Refused: 429 while the units left are held by calls in flight, 402 once they are used.
    const refused = answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.code}`);
    expect(refused).toHaveLength(10);
    expect(refused.every((r) => r === '402 payment_required' || r === '429 concurrency_limit_exceeded')).toBe(true);
    expect(refused.at(-1)).toBe('402 payment_required');
    const monthly = await db.usageMonthly.findMany({ where: { accountId } });
    expect(
      monthly.map((m) => ({
        requests: m.requests,
        units: m.units,
        freeUnits: m.freeUnits,
        amountMicros: m.amountMicros,
      })),
    ).toEqual([{ requests: 50, units: 50, freeUnits: 50, amountMicros: 0n }]);
    expect(await db.callHold.count({ where: { accountId } })).toBe(0);
  });
});

test('SIGTERM on the primary answers every call held on either worker with 200, records it, and exits 0', {
  timeout: 60_000,
}, async () => {
  const { key, accountId } = await newAccountWithKey({ payment: 'invoice' });
  const port = await freePort();
  const server = await startWorkers(port);
  const workers = workerPids(server.pid!);
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const inFlight = 6;
  const calls = Array.from({ length: inFlight }, (_, i) => getPosts(port, key, `drain${i}`));
  await upstream.whenHeld(inFlight);

  server.kill('SIGTERM');
  // Both workers stopped listening (the primary closes the port after the last), and drain:
  // their calls still wait upstream, neither answered nor aborted.
  await whenRefusingConnections(port);
  expect(upstream.held).toBe(inFlight);
  upstream.release();

  const answers = await Promise.all(calls);
  expect(await exited).toBe(0);
  expect(workers.filter(hasExited)).toEqual(workers);
  expect(answers.map((a) => a.status)).toEqual(Array(inFlight).fill(200));
  const events = await db.usageEvent.findMany({ where: { accountId }, select: { id: true } });
  expect(events.map((e) => e.id).sort()).toEqual(answers.map((a) => a.id).sort());
});

test('the workers exit when the primary is killed', { timeout: 60_000 }, async () => {
  const server = await startWorkers(await freePort());
  const workers = workerPids(server.pid!);
  expect(workers).toHaveLength(2);
  // Should they outlive it (the failure this test is for), they go with the test.
  onTestFinished(() => workers.filter((pid) => !hasExited(pid)).forEach((pid) => process.kill(pid, 'SIGKILL')));
  server.kill('SIGKILL');
  await until(() => workers.every(hasExited));
});
