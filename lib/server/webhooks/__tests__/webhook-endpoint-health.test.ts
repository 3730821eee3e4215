// An endpoint failing for 3 days is disabled and its owner mailed; events are kept 30 days; the
// console's functions touch only the account's own endpoints and deliveries. Test clock throughout.
import { afterEach, describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { seedAccount } from '@/lib/server/keys/__tests__/support/seed';
import { emitEvent } from '@/lib/server/events/emit-event';
import { listDeliveries } from '@/lib/server/webhooks/list-deliveries';
import { pruneWebhookEvents } from '@/lib/server/webhooks/prune-webhook-events';
import { resendDelivery } from '@/lib/server/webhooks/resend-delivery';
import { sendTestEvent } from '@/lib/server/webhooks/send-test-event';

import {
  createTestEndpoint,
  queuedAttempt,
  type Receiver,
  runQueuedAttempt,
  startReceiver,
} from './support/webhook-harness';

const development = { allowPrivate: true };
const T0 = new Date('2031-05-01T08:00:00.000Z');
const hours = (n: number) => n * 60 * 60 * 1000;

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('an endpoint that keeps failing', () => {
  it('stays enabled while it has failed for less than 3 days, then is disabled and its owner mailed once', async () => {
    receiver = await startReceiver((_i, res) => res.writeHead(503).end('down'));
    const owner = await seedAccount('webhook-failing');
    const { endpoint } = await createTestEndpoint(owner.accountId, receiver.url, ['invoice.paid']);
    await emitEvent({ accountId: owner.accountId, type: 'invoice.paid', data: {}, now: T0 });
    const event = await db.webhookEvent.findFirstOrThrow({ where: { accountId: owner.accountId } });
    const mails = () =>
      db.mailMessage.findMany({ where: { to: { startsWith: 'webhook-failing-' }, subject: { contains: 'webhook' } } });
    const ownerMails = async () => (await mails()).filter((m) => m.to === owner.actor.label.toLowerCase());

    // Attempts at T0 and at 3 days less a minute: failing, not yet for 3 days.
    for (const at of [T0, new Date(T0.getTime() + hours(72) - 60_000)]) {
      const job = await queuedAttempt(event.id, endpoint.id);
      await runQueuedAttempt(job!.id, { now: () => at, policy: development });
      const state = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      expect({ enabled: state.enabled, failingSince: state.failingSince }).toEqual({ enabled: true, failingSince: T0 });
    }
    expect(await ownerMails()).toHaveLength(0);

    // The last retry, at the window's end: 3 days failing.
    const last = await queuedAttempt(event.id, endpoint.id);
    expect(last!.run_at).toEqual(new Date(T0.getTime() + hours(72)));
    await runQueuedAttempt(last!.id, { now: () => last!.run_at, policy: development });

    const state = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(state.enabled).toBe(false);
    expect(state.disabledReason).toMatch(/failed for 3 days/);
    expect(await queuedAttempt(event.id, endpoint.id)).toBeNull();
    const sent = await ownerMails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(receiver.url);
    expect(receiver.received).toHaveLength(3);

    // Disabled: new events queue nothing for it.
    await emitEvent({ accountId: owner.accountId, type: 'invoice.paid', data: {}, now: T0 });
    expect(
      await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'endpointId' = ${endpoint.id}`,
    ).toEqual([{ n: 0 }]);
  });

  it('a success ends the failing spell', async () => {
    receiver = await startReceiver((i, res) => res.writeHead(i === 0 ? 500 : 200).end());
    const owner = await seedAccount('webhook-recovers');
    const { endpoint } = await createTestEndpoint(owner.accountId, receiver.url, ['account.blocked']);
    await emitEvent({ accountId: owner.accountId, type: 'account.blocked', data: {}, now: T0 });
    const event = await db.webhookEvent.findFirstOrThrow({ where: { accountId: owner.accountId } });
    let job = await queuedAttempt(event.id, endpoint.id);
    await runQueuedAttempt(job!.id, { now: () => T0, policy: development });
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toEqual(T0);
    job = await queuedAttempt(event.id, endpoint.id);
    await runQueuedAttempt(job!.id, { now: () => job!.run_at, policy: development });
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBeNull();
  });
});

describe('events and the console functions', () => {
  it('queues nothing and keeps no event when the emitting transaction rolls back', async () => {
    const owner = await seedAccount('webhook-rollback');
    await createTestEndpoint(owner.accountId, 'https://example.com/hooks', ['key.created']);
    await db
      .$transaction(async (tx) => {
        await emitEvent({ accountId: owner.accountId, type: 'key.created', data: {}, tx });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await db.webhookEvent.count({ where: { accountId: owner.accountId } })).toBe(0);
  });

  it('queues only to enabled endpoints subscribed to the type', async () => {
    const owner = await seedAccount('webhook-subscribed');
    const wanted = await createTestEndpoint(owner.accountId, 'https://example.com/a', ['key.created']);
    const other = await createTestEndpoint(owner.accountId, 'https://example.com/b', ['key.deleted']);
    const off = await createTestEndpoint(owner.accountId, 'https://example.com/c', ['key.created']);
    await db.webhookEndpoint.update({ where: { id: off.endpoint.id }, data: { enabled: false } });
    await emitEvent({ accountId: owner.accountId, type: 'key.created', data: {}, now: T0 });
    const event = await db.webhookEvent.findFirstOrThrow({ where: { accountId: owner.accountId } });
    expect(await queuedAttempt(event.id, wanted.endpoint.id)).not.toBeNull();
    expect(await queuedAttempt(event.id, other.endpoint.id)).toBeNull();
    expect(await queuedAttempt(event.id, off.endpoint.id)).toBeNull();
  });

  it('sends a test event and resends a delivery as one more attempt, for the owner only', async () => {
    receiver = await startReceiver((_i, res) => res.writeHead(200).end('ok'));
    const owner = await seedAccount('webhook-resend');
    const intruder = await seedAccount('webhook-intruder');
    const { endpoint } = await createTestEndpoint(owner.accountId, receiver.url, ['key.created']);

    await expect(sendTestEvent({ accountId: intruder.accountId, endpointId: endpoint.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(listDeliveries({ accountId: intruder.accountId, endpointId: endpoint.id })).rejects.toMatchObject({
      code: 'not_found',
    });

    const { eventId } = await sendTestEvent({ accountId: owner.accountId, endpointId: endpoint.id, now: T0 });
    await runQueuedAttempt((await queuedAttempt(eventId, endpoint.id))!.id, { now: () => T0, policy: development });
    const [first] = await listDeliveries({ accountId: owner.accountId, endpointId: endpoint.id });
    expect(first).toMatchObject({ eventType: 'test.ping', attempt: 1, status: 200 });

    await expect(resendDelivery({ accountId: intruder.accountId, deliveryId: first!.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await queuedAttempt(eventId, endpoint.id)).toBeNull();
    await resendDelivery({ accountId: owner.accountId, deliveryId: first!.id, now: T0 });
    await runQueuedAttempt((await queuedAttempt(eventId, endpoint.id))!.id, { now: () => T0, policy: development });
    const log = await listDeliveries({ accountId: owner.accountId, endpointId: endpoint.id });
    expect(log.map((d) => [d.attempt, d.status])).toEqual([
      [2, 200],
      [1, 200],
    ]);
    expect(receiver.received.map((r) => JSON.parse(r.body).id)).toEqual([eventId, eventId]);
  });

  it('forgets events and their deliveries after 30 days', async () => {
    const owner = await seedAccount('webhook-retention');
    const day = hours(24);
    // Long past, so the prune's cutoff reaches no event of the tests running beside this one.
    const T0 = new Date('2001-05-01T08:00:00.000Z');
    await emitEvent({
      accountId: owner.accountId,
      type: 'key.created',
      data: {},
      now: new Date(T0.getTime() - 31 * day),
    });
    await emitEvent({
      accountId: owner.accountId,
      type: 'key.deleted',
      data: {},
      now: new Date(T0.getTime() - 29 * day),
    });
    await pruneWebhookEvents({ now: T0 });
    const left = await db.webhookEvent.findMany({ where: { accountId: owner.accountId }, select: { type: true } });
    expect(left).toEqual([{ type: 'key.deleted' }]);
  });
});
