'use server';

import { revalidatePath } from 'next/cache';

import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  rollWebhookSecret,
  setWebhookEndpointEnabled,
} from '@/lib/server/webhooks/endpoints';
import { webhookUrlProblem } from '@/lib/server/webhooks/endpoint-url';
import { resendDelivery } from '@/lib/server/webhooks/resend-delivery';
import { sendTestEvent } from '@/lib/server/webhooks/send-test-event';
import {
  createWebhookEndpointSchema,
  rollWebhookSecretSchema,
  webhookDeliveryIdSchema,
  webhookEndpointIdSchema,
} from '@/lib/validation/webhooks';

import type { ActionState } from './action-state';
import { runAction } from './run-action';

// The console's webhook actions (through runAction): validate, take the account from the session
// (never from the form), call lib/server, map errors. An id of another account's answers like an unknown one.

const SETTINGS_PATH = '/settings';
const UNKNOWN_ENDPOINT: ActionState = {
  status: 'error',
  message: 'This webhook endpoint does not exist or has been deleted',
};

/** Adds an endpoint; its signing secret comes back in `createdKey`, to be shown once. */
export async function createWebhookEndpointAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const raw = { url: String(formData.get('url') ?? ''), description: String(formData.get('description') ?? '') };
  const events = formData.getAll('events').map(String);
  const values = { ...raw, events: events.join(',') };
  const message = 'The endpoint was not added. Check the fields marked below.';
  return runAction({
    name: 'createWebhookEndpoint',
    form: {
      raw: { ...raw, events },
      schema: createWebhookEndpointSchema,
      values,
      // Every field's problem at once: the address rule too, which the schema leaves to the server.
      invalid: (fieldErrors) => {
        const urlProblem = raw.url.trim() && !fieldErrors.url ? webhookUrlProblem(raw.url.trim()) : null;
        return {
          status: 'error',
          message,
          fieldErrors: urlProblem ? { ...fieldErrors, url: [urlProblem] } : fieldErrors,
          values,
        };
      },
    },
    refused: message,
    run: async ({ session, input }) => {
      const { secret } = await createWebhookEndpoint({ accountId: session.accountId, ...input });
      revalidatePath(SETTINGS_PATH);
      return {
        status: 'success',
        message: 'Endpoint added. Copy its signing secret now: it will not be shown again.',
        createdKey: secret,
      };
    },
  });
}

/** A new signing secret, shown once; the old one also signs until the chosen grace period ends. */
export async function rollWebhookSecretAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runAction({
    name: 'rollWebhookSecret',
    form: {
      raw: { endpointId: String(formData.get('endpointId') ?? ''), grace: String(formData.get('grace') ?? '') },
      schema: rollWebhookSecretSchema,
      invalid: (fieldErrors) =>
        fieldErrors.endpointId
          ? UNKNOWN_ENDPOINT
          : { status: 'error', message: 'The secret was not rolled. Choose when the old one stops.', fieldErrors },
    },
    run: async ({ session, input }) => {
      const { secret, record } = await rollWebhookSecret({ accountId: session.accountId, ...input });
      revalidatePath(SETTINGS_PATH);
      const until = record.previousSecretExpiresAt
        ? ` Deliveries carry a signature with the old secret too until ${record.previousSecretExpiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`
        : ' The old secret no longer signs.';
      return {
        status: 'success',
        message: `New signing secret made: copy it now, it will not be shown again.${until}`,
        createdKey: secret,
      };
    },
  });
}

function withEndpoint(
  name: string,
  formData: FormData,
  change: (accountId: string, endpointId: string) => Promise<string | Omit<ActionState, 'status'>>,
): Promise<ActionState> {
  return runAction({
    name,
    form: {
      raw: { endpointId: String(formData.get('endpointId') ?? '') },
      schema: webhookEndpointIdSchema,
      invalid: () => UNKNOWN_ENDPOINT,
    },
    run: async ({ session, input }) => {
      const outcome = await change(session.accountId, input.endpointId);
      revalidatePath(SETTINGS_PATH);
      return { status: 'success', ...(typeof outcome === 'string' ? { message: outcome } : outcome) };
    },
  });
}

/** Disables an endpoint (`enabled=false` in the form) or enables it again. */
export async function setWebhookEndpointEnabledAction(
  _previous: ActionState,
  formData: FormData,
): Promise<ActionState> {
  const enabled = formData.get('enabled') === 'true';
  return withEndpoint('setWebhookEndpointEnabled', formData, async (accountId, endpointId) => {
    const record = await setWebhookEndpointEnabled({ accountId, endpointId, enabled });
    return `${record.url} ${enabled ? 'enabled: events are sent to it again' : 'disabled: no events are sent to it'}.`;
  });
}

export async function deleteWebhookEndpointAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return withEndpoint('deleteWebhookEndpoint', formData, async (accountId, endpointId) => {
    const record = await deleteWebhookEndpoint({ accountId, endpointId });
    return `${record.url} deleted, with its delivery log.`;
  });
}

export async function sendTestEventAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return withEndpoint('sendTestEvent', formData, async (accountId, endpointId) => {
    const { eventId } = await sendTestEvent({ accountId, endpointId });
    return {
      message: `Test event ${eventId} queued: it shows in the delivery log below.`,
      queued: { eventId, attempt: 1 },
    };
  });
}

export async function resendDeliveryAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runAction({
    name: 'resendDelivery',
    form: {
      raw: { deliveryId: String(formData.get('deliveryId') ?? '') },
      schema: webhookDeliveryIdSchema,
      invalid: () => ({ status: 'error', message: 'This delivery does not exist or is past the 30 days kept' }),
    },
    run: async ({ session, input }) => {
      const { eventId, attempt } = await resendDelivery({ accountId: session.accountId, ...input });
      revalidatePath(SETTINGS_PATH);
      return {
        status: 'success',
        message: `Event ${eventId} queued again, as attempt ${attempt}.`,
        queued: { eventId, attempt },
      };
    },
  });
}
