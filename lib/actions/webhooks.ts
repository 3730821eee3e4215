'use server';

import { revalidatePath } from 'next/cache';

import { requireSession } from '@/lib/auth/require-session';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  rollWebhookSecret,
  setWebhookEndpointEnabled,
} from '@/lib/server/webhooks/endpoints';
import { webhookUrlProblem } from '@/lib/server/webhooks/endpoint-url';
import { resendDelivery } from '@/lib/server/webhooks/resend-delivery';
import { sendTestEvent } from '@/lib/server/webhooks/send-test-event';
import { ConsoleError } from '@/lib/server/console-error';
import {
  createWebhookEndpointSchema,
  rollWebhookSecretSchema,
  webhookDeliveryIdSchema,
  webhookEndpointIdSchema,
} from '@/lib/validation/webhooks';

import { fieldErrorsFrom, type ActionState } from './action-state';

// The console's webhook actions: validate, take the account from the session (never from the
// form), call lib/server, map errors. An id of another account's answers like an unknown one.

const SETTINGS_PATH = '/settings';
const UNKNOWN_ENDPOINT: ActionState = {
  status: 'error',
  message: 'This webhook endpoint does not exist or has been deleted',
};

function errorState(error: unknown): ActionState {
  if (error instanceof ConsoleError) return { status: 'error', message: error.message };
  console.error('Webhook action failed', error);
  return { status: 'error', message: 'Something went wrong. Please try again.' };
}

/** Adds an endpoint; its signing secret comes back in `createdKey`, to be shown once. */
export async function createWebhookEndpointAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const session = await requireSession();
  const raw = { url: String(formData.get('url') ?? ''), description: String(formData.get('description') ?? '') };
  const events = formData.getAll('events').map(String);
  const parsed = createWebhookEndpointSchema.safeParse({ ...raw, events });
  const refused = (fieldErrors: Record<string, string[]>): ActionState => ({
    status: 'error',
    message: 'The endpoint was not added. Check the fields marked below.',
    fieldErrors,
    values: { ...raw, events: events.join(',') },
  });
  if (!parsed.success) {
    // Every field's problem at once: the address rule too, which the schema leaves to the server.
    const fieldErrors = fieldErrorsFrom(parsed.error.issues);
    const urlProblem = raw.url.trim() && !fieldErrors.url ? webhookUrlProblem(raw.url.trim()) : null;
    return refused(urlProblem ? { ...fieldErrors, url: [urlProblem] } : fieldErrors);
  }
  try {
    const { secret } = await createWebhookEndpoint({ accountId: session.accountId, ...parsed.data });
    revalidatePath(SETTINGS_PATH);
    return {
      status: 'success',
      message: 'Endpoint added. Copy its signing secret now: it will not be shown again.',
      createdKey: secret,
    };
  } catch (error) {
    if (error instanceof ConsoleError && error.field === 'url') return refused({ url: [error.message] });
    return { ...errorState(error), values: raw };
  }
}

/** A new signing secret, shown once; the old one also signs until the chosen grace period ends. */
export async function rollWebhookSecretAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const session = await requireSession();
  const parsed = rollWebhookSecretSchema.safeParse({
    endpointId: String(formData.get('endpointId') ?? ''),
    grace: String(formData.get('grace') ?? ''),
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error.issues);
    if (fieldErrors.endpointId) return UNKNOWN_ENDPOINT;
    return { status: 'error', message: 'The secret was not rolled. Choose when the old one stops.', fieldErrors };
  }
  try {
    const { secret, record } = await rollWebhookSecret({ accountId: session.accountId, ...parsed.data });
    revalidatePath(SETTINGS_PATH);
    const until = record.previousSecretExpiresAt
      ? ` Deliveries carry a signature with the old secret too until ${record.previousSecretExpiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`
      : ' The old secret no longer signs.';
    return {
      status: 'success',
      message: `New signing secret made: copy it now, it will not be shown again.${until}`,
      createdKey: secret,
    };
  } catch (error) {
    return errorState(error);
  }
}

async function withEndpoint(
  formData: FormData,
  change: (accountId: string, endpointId: string) => Promise<string | Omit<ActionState, 'status'>>,
): Promise<ActionState> {
  const session = await requireSession();
  const parsed = webhookEndpointIdSchema.safeParse({ endpointId: String(formData.get('endpointId') ?? '') });
  if (!parsed.success) return UNKNOWN_ENDPOINT;
  try {
    const outcome = await change(session.accountId, parsed.data.endpointId);
    revalidatePath(SETTINGS_PATH);
    return { status: 'success', ...(typeof outcome === 'string' ? { message: outcome } : outcome) };
  } catch (error) {
    return errorState(error);
  }
}

/** Disables an endpoint (`enabled=false` in the form) or enables it again. */
export async function setWebhookEndpointEnabledAction(
  _previous: ActionState,
  formData: FormData,
): Promise<ActionState> {
  const enabled = formData.get('enabled') === 'true';
  return withEndpoint(formData, async (accountId, endpointId) => {
    const record = await setWebhookEndpointEnabled({ accountId, endpointId, enabled });
    return `${record.url} ${enabled ? 'enabled: events are sent to it again' : 'disabled: no events are sent to it'}.`;
  });
}

export async function deleteWebhookEndpointAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return withEndpoint(formData, async (accountId, endpointId) => {
    const record = await deleteWebhookEndpoint({ accountId, endpointId });
    return `${record.url} deleted, with its delivery log.`;
  });
}

export async function sendTestEventAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return withEndpoint(formData, async (accountId, endpointId) => {
    const { eventId } = await sendTestEvent({ accountId, endpointId });
    return {
      message: `Test event ${eventId} queued: it shows in the delivery log below.`,
      queued: { eventId, attempt: 1 },
    };
  });
}

export async function resendDeliveryAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const session = await requireSession();
  const parsed = webhookDeliveryIdSchema.safeParse({ deliveryId: String(formData.get('deliveryId') ?? '') });
  if (!parsed.success) return { status: 'error', message: 'This delivery does not exist or is past the 30 days kept' };
  try {
    const { eventId, attempt } = await resendDelivery({ accountId: session.accountId, ...parsed.data });
    revalidatePath(SETTINGS_PATH);
    return {
      status: 'success',
      message: `Event ${eventId} queued again, as attempt ${attempt}.`,
      queued: { eventId, attempt },
    };
  } catch (error) {
    return errorState(error);
  }
}
