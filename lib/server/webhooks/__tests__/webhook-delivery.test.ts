// Webhook delivery end to end on real parts: PostgreSQL, graphile-worker's queue and runner, and
// a real HTTP receiver. The clock is a test clock: each attempt runs at its job's run_at.
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { seedAccount } from '@/lib/server/keys/__tests__/support/seed';
import { emitEvent } from '@/lib/server/events/emit-event';
import { listDeliveries } from '@/lib/server/webhooks/list-deliveries';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '@/lib/server/webhooks/sign-webhook';

import {
  createTestEndpoint,
  queuedAttempt,
  type Receiver,
  runQueuedAttempt,
  startReceiver,
} from './support/webhook-harness';

const development = { allowPrivate: true };
const production = { allowPrivate: false };
const T0 = new Date('2031-03-01T12:00:00.000Z');

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** An independent check of the header: the HMAC computed here, not by the code under test. */
function independentlyValid(header: string, body: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected;
}

async function eventOf(accountId: string) {
  return db.webhookEvent.findFirstOrThrow({ where: { accountId }, orderBy: { createdAt: 'desc' } });
}

describe('delivery with retries', () => {
  it('delivers an event three times to a receiver that answers 500, 500, 200, signed, with growing delays, and logs the three attempts', async () => {
    receiver = await startReceiver((i, res) => {
      res.writeHead(i < 2 ? 500 : 200).end(i < 2 ? 'not yet' : 'ok');
    });
    const owner = await seedAccount('webhook-retries');
    const { endpoint, secret } = await createTestEndpoint(owner.accountId, receiver.url, ['key.created']);
    await emitEvent({ accountId: owner.accountId, type: 'key.created', data: { key: { id: 'k1' } }, now: T0 });
    const event = await eventOf(owner.accountId);

    let clock = T0;
    const runAts: Date[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const job = await queuedAttempt(event.id, endpoint.id);
      expect(job?.payload.attempt).toBe(attempt);
      runAts.push(job!.run_at);
      clock = job!.run_at;
      await runQueuedAttempt(job!.id, { now: () => clock, policy: development });
    }
    // Delivered: nothing more queued.
    expect(await queuedAttempt(event.id, endpoint.id)).toBeNull();

    expect(receiver.received).toHaveLength(3);
    const delays = runAts.slice(1).map((at, i) => at.getTime() - runAts[i]!.getTime());
    expect(runAts[0]).toEqual(T0);
    expect(delays[0]).toBeGreaterThan(0);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    for (const [i, request] of receiver.received.entries()) {
      const header = String(request.headers[SIGNATURE_HEADER.toLowerCase()]);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(Number(header.slice(2, header.indexOf(',')))).toBe(Math.floor(runAts[i]!.getTime() / 1000));
      expect(verifyWebhookSignature(request.body, header, secret, { now: runAts[i] })).toBe(true);
      expect(independentlyValid(header, request.body, secret)).toBe(true);
      expect(verifyWebhookSignature(request.body, header, `${secret}x`, { now: runAts[i] })).toBe(false);
      expect(JSON.parse(request.body)).toEqual({
        id: event.id,
        type: 'key.created',
        created: T0.toISOString(),
        data: { key: { id: 'k1' } },
      });
    }

    const log = await listDeliveries({ accountId: owner.accountId, endpointId: endpoint.id });
    expect(log.map((d) => [d.attempt, d.status, d.eventType, d.succeededAt !== null])).toEqual([
      [3, 200, 'key.created', true],
      [2, 500, 'key.created', false],
      [1, 500, 'key.created', false],
    ]);
    expect(log[2]!.responseSnippet).toBe('not yet');
    expect(log[2]!.nextAttemptAt).toEqual(runAts[1]);
    expect(log[1]!.nextAttemptAt).toEqual(runAts[2]);
    expect(log[0]!.nextAttemptAt).toBeNull();
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBeNull();
  });

  it('follows no redirect: a 302 is a failed attempt and the target is never asked', async () => {
    receiver = await startReceiver((i, res) => {
      if (i === 0) res.writeHead(302, { Location: '/elsewhere' }).end();
      else res.writeHead(200).end();
    });
    const owner = await seedAccount('webhook-redirect');
    const { endpoint } = await createTestEndpoint(owner.accountId, receiver.url, ['key.revoked']);
    await emitEvent({ accountId: owner.accountId, type: 'key.revoked', data: {}, now: T0 });
    const event = await eventOf(owner.accountId);
    const job = await queuedAttempt(event.id, endpoint.id);
    await runQueuedAttempt(job!.id, { now: () => T0, policy: development });
    expect(receiver.received.map((r) => r.path)).toEqual(['/hooks']);
    const [attempt] = await listDeliveries({ accountId: owner.accountId, endpointId: endpoint.id });
    expect(attempt).toMatchObject({ status: 302, succeededAt: null });
    expect((await queuedAttempt(event.id, endpoint.id))?.payload.attempt).toBe(2);
  });

  it('reads at most 64 KB of an answer that never ends, and counts its 2xx', async () => {
    let closed = false;
    receiver = await startReceiver((_i, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const chunk = 'x'.repeat(16 * 1024);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => {
        closed = true;
      });
      pump();
    });
    const owner = await seedAccount('webhook-endless');
    const { endpoint } = await createTestEndpoint(owner.accountId, receiver.url, ['key.deleted']);
    await emitEvent({ accountId: owner.accountId, type: 'key.deleted', data: {}, now: T0 });
    const event = await eventOf(owner.accountId);
    const job = await queuedAttempt(event.id, endpoint.id);
    // Without the cap the attempt would wait for this (never reached) timeout and the test's own.
    await runQueuedAttempt(job!.id, { now: () => T0, policy: development, timeoutMs: 10 * 60_000 });
    const [attempt] = await listDeliveries({ accountId: owner.accountId, endpointId: endpoint.id });
    expect(attempt).toMatchObject({ status: 200, error: null });
    expect(attempt!.responseSnippet).toBe('x'.repeat(1000));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
  });
});

describe('address rules at delivery', () => {
  it('never connects to a loopback receiver outside development, and logs the refusal', async () => {
    receiver = await startReceiver((_i, res) => res.writeHead(200).end());
    const owner = await seedAccount('webhook-ssrf');
    const { endpoint } = await createTestEndpoint(owner.accountId, receiver.url, ['key.rolled']);
    await emitEvent({ accountId: owner.accountId, type: 'key.rolled', data: {}, now: T0 });
    const event = await eventOf(owner.accountId);
    const job = await queuedAttempt(event.id, endpoint.id);
    await runQueuedAttempt(job!.id, { now: () => T0, policy: production });
    expect(receiver.received).toHaveLength(0);
    const [attempt] = await listDeliveries({ accountId: owner.accountId, endpointId: endpoint.id });
    expect(attempt).toMatchObject({ status: null, succeededAt: null });
    expect(attempt!.error).toMatch(/^refused: .*private, loopback or link-local/);
  });

  it('connects to the address it checked, never looking the name up again', async () => {
    receiver = await startReceiver((_i, res) => res.writeHead(204).end());
    const owner = await seedAccount('webhook-pinned');
    // "hooks.receiver.invalid" resolves nowhere on this machine; only the test's resolver knows it.
    const url = `http://hooks.receiver.invalid:${receiver.port}/hooks`;
    const { endpoint } = await createTestEndpoint(owner.accountId, url, ['key.created']);
    await emitEvent({ accountId: owner.accountId, type: 'key.created', data: {}, now: T0 });
    const event = await eventOf(owner.accountId);
    const job = await queuedAttempt(event.id, endpoint.id);
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    await runQueuedAttempt(job!.id, { now: () => T0, policy: development, resolve });
    expect(lookups).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers.host).toBe(`hooks.receiver.invalid:${receiver.port}`);
  });
});
