// Webhook endpoint management on real PostgreSQL: what the console's add, roll, disable, enable,
// delete and list do, and that each refuses another account's endpoint as if it did not exist.
import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { openSecret } from '@/lib/server/auth/secret-box';
import { seedAccount } from '@/lib/server/keys/__tests__/support/seed';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rollWebhookSecret,
  setWebhookEndpointEnabled,
} from '@/lib/server/webhooks/endpoints';
import { WEBHOOK_SECRET_PURPOSE } from '@/lib/server/webhooks/secret-purpose';
import { MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT } from '@/lib/validation/webhook-rules';

const URL_A = 'https://hooks.example.com/public-data';

async function addEndpoint(accountId: string, url = URL_A) {
  return createWebhookEndpoint({ accountId, url, events: ['key.created', 'invoice.paid'], embedded: false });
}

const stored = (id: string) => db.webhookEndpoint.findUniqueOrThrow({ where: { id } });

describe('adding a webhook endpoint', () => {
  it('returns a whsec_ secret once and stores it only sealed', async () => {
    const { accountId } = await seedAccount('webhooks');
    const { secret, record } = await createWebhookEndpoint({
      accountId,
      url: URL_A,
      events: ['key.created', 'key.created', 'invoice.paid'],
      description: 'billing system',
      embedded: false,
    });

    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({ url: URL_A, events: ['key.created', 'invoice.paid'], enabled: true });
    expect(Object.keys(record)).not.toContain('secretSealed');
    const row = await stored(record.id);
    expect(row.secretSealed).not.toContain(secret);
    expect(openSecret(row.secretSealed, WEBHOOK_SECRET_PURPOSE)).toBe(secret);
    expect(await listWebhookEndpoints({ accountId })).toEqual([record]);
  });

  it('allows plain http to loopback on the embedded default only', async () => {
    const { accountId } = await seedAccount('webhooks');
    const loopback = { accountId, url: 'http://127.0.0.1:4999/hook', events: ['key.created'] };

    await expect(createWebhookEndpoint({ ...loopback, embedded: false })).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'url',
      message: 'Use an https URL',
    });
    const { record } = await createWebhookEndpoint({ ...loopback, embedded: true });
    expect(record.url).toBe('http://127.0.0.1:4999/hook');
  });

  it('refuses a new endpoint past the limit', async () => {
    const { accountId } = await seedAccount('webhooks');
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT; i++) await addEndpoint(accountId, `${URL_A}/${i}`);
    await expect(addEndpoint(accountId)).rejects.toMatchObject({ code: 'limit_reached' });
    expect(await db.webhookEndpoint.count({ where: { accountId } })).toBe(MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT);
  });

  it('refuses an endpoint without events', async () => {
    const { accountId } = await seedAccount('webhooks');
    await expect(createWebhookEndpoint({ accountId, url: URL_A, events: [], embedded: false })).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });
});

describe('rolling a signing secret', () => {
  it('keeps the old secret signing until the grace period ends', async () => {
    const { accountId } = await seedAccount('webhooks');
    const { secret: first, record } = await addEndpoint(accountId);
    const now = new Date('2030-01-01T00:00:00Z');

    const { secret: second, record: rolled } = await rollWebhookSecret({
      accountId,
      endpointId: record.id,
      grace: '24h',
      now,
    });

    expect(second).not.toBe(first);
    expect(rolled.previousSecretExpiresAt).toEqual(new Date('2030-01-02T00:00:00Z'));
    const row = await stored(record.id);
    expect(openSecret(row.secretSealed, WEBHOOK_SECRET_PURPOSE)).toBe(second);
    expect(openSecret(row.previousSecretSealed ?? '', WEBHOOK_SECRET_PURPOSE)).toBe(first);
  });

  it('drops the old secret at once with "now"', async () => {
    const { accountId } = await seedAccount('webhooks');
    const { record } = await addEndpoint(accountId);
    await rollWebhookSecret({ accountId, endpointId: record.id, grace: '7d' });

    const { secret } = await rollWebhookSecret({ accountId, endpointId: record.id, grace: 'now' });

    const row = await stored(record.id);
    expect(row).toMatchObject({ previousSecretSealed: null, previousSecretExpiresAt: null });
    expect(openSecret(row.secretSealed, WEBHOOK_SECRET_PURPOSE)).toBe(secret);
  });
});

describe('disabling, enabling and deleting', () => {
  it('disables and re-enables, clearing the failure record', async () => {
    const { accountId } = await seedAccount('webhooks');
    const { record } = await addEndpoint(accountId);
    await db.webhookEndpoint.update({
      where: { id: record.id },
      data: { enabled: false, disabledReason: 'Failing for 3 days', failingSince: new Date('2030-01-01Z') },
    });

    expect(await setWebhookEndpointEnabled({ accountId, endpointId: record.id, enabled: true })).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    expect(await setWebhookEndpointEnabled({ accountId, endpointId: record.id, enabled: false })).toMatchObject({
      enabled: false,
      disabledReason: 'Disabled in the console',
    });
  });

  it('deletes an endpoint with its delivery log', async () => {
    const { accountId } = await seedAccount('webhooks');
    const { record } = await addEndpoint(accountId);
    const event = await db.webhookEvent.create({
      data: { id: `evt_${record.id}`, accountId, type: 'test.ping', data: {} },
    });
    await db.webhookDelivery.create({ data: { eventId: event.id, endpointId: record.id, attempt: 1, status: 200 } });

    await deleteWebhookEndpoint({ accountId, endpointId: record.id });

    expect(await db.webhookEndpoint.count({ where: { id: record.id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: record.id } })).toBe(0);
    await expect(deleteWebhookEndpoint({ accountId, endpointId: record.id })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('another account’s endpoint', () => {
  it.each([
    ['roll', (accountId: string, endpointId: string) => rollWebhookSecret({ accountId, endpointId, grace: '1h' })],
    [
      'disable',
      (accountId: string, endpointId: string) => setWebhookEndpointEnabled({ accountId, endpointId, enabled: false }),
    ],
    ['delete', (accountId: string, endpointId: string) => deleteWebhookEndpoint({ accountId, endpointId })],
  ])('refuses to %s it as not found, and changes nothing', async (_verb, change) => {
    const owner = await seedAccount('owner');
    const intruder = await seedAccount('intruder');
    const { record } = await addEndpoint(owner.accountId);
    const before = await stored(record.id);

    const answer = await change(intruder.accountId, record.id).catch((error: unknown) => error);
    const unknown = await change(intruder.accountId, 'no-such-endpoint').catch((error: unknown) => error);

    expect(answer).toMatchObject({
      code: 'not_found',
      message: 'This webhook endpoint does not exist or has been deleted',
    });
    expect(answer).toEqual(unknown);
    expect(await stored(record.id)).toEqual(before);
    expect(await listWebhookEndpoints({ accountId: intruder.accountId })).toEqual([]);
  });
});
