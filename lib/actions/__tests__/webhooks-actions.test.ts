// The webhook actions as the console calls them: the account is the session's, never the form's,
// so another account's endpoint or delivery id answers exactly like an unknown one and changes
// nothing; a refused add reports every field's problem at once. Only what Next provides around an
// action is stood in for: the signed-in session and the cache revalidation.
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ConsoleSession } from '@/lib/auth/require-session';
import { db } from '@/lib/db';
import { seedAccount } from '@/lib/server/keys/__tests__/support/seed';
import { createWebhookEndpoint } from '@/lib/server/webhooks/endpoints';

const signedIn = vi.hoisted(() => ({ session: null as ConsoleSession | null }));

vi.mock('@/lib/auth/require-session', () => ({
  requireSession: async () => {
    if (!signedIn.session) throw new Error('no session in this test');
    return signedIn.session;
  },
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

const {
  createWebhookEndpointAction,
  deleteWebhookEndpointAction,
  resendDeliveryAction,
  rollWebhookSecretAction,
  sendTestEventAction,
  setWebhookEndpointEnabledAction,
} = await import('@/lib/actions/webhooks');

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  }
  return data;
}

async function signInAs(label: string) {
  const account = await seedAccount(label);
  signedIn.session = { userId: account.actor.id, accountId: account.accountId, email: account.actor.label };
  return account;
}

async function ownersEndpoint() {
  const owner = await seedAccount('owner');
  const { record } = await createWebhookEndpoint({
    accountId: owner.accountId,
    url: 'https://hooks.example.com/owner',
    events: ['key.created'],
    embedded: false,
  });
  return { record, ownerId: owner.accountId };
}

describe('webhook actions on another account’s endpoint', () => {
  beforeEach(() => {
    signedIn.session = null;
  });

  it.each([
    ['send a test event to', sendTestEventAction, {}],
    ['disable', setWebhookEndpointEnabledAction, { enabled: 'false' }],
    ['roll the secret of', rollWebhookSecretAction, { grace: '1h' }],
    ['delete', deleteWebhookEndpointAction, {}],
  ] as const)('answers not found when asked to %s it, and changes nothing', async (_verb, action, extra) => {
    const { record } = await ownersEndpoint();
    const before = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: record.id } });

    await signInAs('intruder');
    const answer = await action({ status: 'idle' }, form({ endpointId: record.id, ...extra }));
    const unknown = await action({ status: 'idle' }, form({ endpointId: 'no-such-endpoint', ...extra }));

    expect(answer).toEqual({ status: 'error', message: 'This webhook endpoint does not exist or has been deleted' });
    expect(answer).toEqual(unknown);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: record.id } })).toEqual(before);
    expect(await db.webhookEvent.count({ where: { accountId: signedIn.session?.accountId } })).toBe(0);
  });

  it('answers not found to a resend of another account’s delivery, and queues nothing', async () => {
    const { record, ownerId } = await ownersEndpoint();
    const event = await db.webhookEvent.create({
      data: { id: `evt_${record.id}`, accountId: ownerId, type: 'test.ping', data: {} },
    });
    const delivery = await db.webhookDelivery.create({
      data: { eventId: event.id, endpointId: record.id, attempt: 1, status: 200 },
    });

    await signInAs('intruder');
    const answer = await resendDeliveryAction({ status: 'idle' }, form({ deliveryId: delivery.id }));
    const unknown = await resendDeliveryAction({ status: 'idle' }, form({ deliveryId: 'no-such-delivery' }));

    expect(answer).toMatchObject({ status: 'error' });
    expect(answer).toEqual(unknown);
    expect(await db.webhookDelivery.count({ where: { endpointId: record.id } })).toBe(1);
  });
});

describe('adding an endpoint from the console', () => {
  it('reports every field’s problem at once and keeps what was typed', async () => {
    await signInAs('owner');
    const answer = await createWebhookEndpointAction({ status: 'idle' }, form({ url: 'ftp://example.com/x' }));

    expect(answer).toMatchObject({
      status: 'error',
      fieldErrors: { url: ['Use an https URL'], events: ['Choose at least one event'] },
      values: { url: 'ftp://example.com/x' },
    });
  });

  it('adds the endpoint to the session’s account and returns the secret once', async () => {
    const me = await signInAs('owner');
    const answer = await createWebhookEndpointAction(
      { status: 'idle' },
      form({ url: 'https://hooks.example.com/mine', events: ['key.created', 'invoice.paid'], accountId: 'x' }),
    );

    expect(answer.status).toBe('success');
    expect(answer.createdKey).toMatch(/^whsec_/);
    const rows = await db.webhookEndpoint.findMany({ where: { accountId: me.accountId } });
    expect(rows.map((r) => [r.url, r.events])).toEqual([
      ['https://hooks.example.com/mine', ['key.created', 'invoice.paid']],
    ]);
  });
});
