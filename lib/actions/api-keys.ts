'use server';

import { revalidatePath } from 'next/cache';

import { ApiKeyError } from '@/lib/server/keys/api-key-error';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { deleteApiKey } from '@/lib/server/keys/delete-api-key';
import { reenableApiKey } from '@/lib/server/keys/reenable-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { requireSession, type ConsoleSession } from '@/lib/server/auth/require-session';
import { apiKeyIdSchema, createApiKeySchema } from '@/lib/validation/api-keys';

import { fieldErrorsFrom, type ActionState } from './action-state';

const KEYS_PATH = '/keys';

function actorOf(session: ConsoleSession) {
  return { id: session.userId, label: session.email };
}

function errorState(error: unknown): ActionState {
  if (error instanceof ApiKeyError) return { status: 'error', message: error.message };
  console.error('API key action failed', error);
  return { status: 'error', message: 'Something went wrong. Please try again.' };
}

export async function createApiKeyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const session = await requireSession();
  const raw = { name: String(formData.get('name') ?? '') };
  const parsed = createApiKeySchema.safeParse(raw);
  if (!parsed.success) {
    return {
      status: 'error',
      message: 'The key was not created. Check the name.',
      fieldErrors: fieldErrorsFrom(parsed.error.issues),
      values: raw,
    };
  }
  try {
    const { key, record } = await createApiKey({
      accountId: session.accountId,
      actor: actorOf(session),
      name: parsed.data.name,
    });
    revalidatePath(KEYS_PATH);
    return {
      status: 'success',
      message: `Key ${record.name ?? record.prefix} created. Copy it now: it will not be shown again.`,
      createdKey: key,
    };
  } catch (error) {
    if (error instanceof ApiKeyError && error.code === 'name_taken') {
      return { status: 'error', message: 'The key was not created. Check the name.', fieldErrors: { name: [error.message] }, values: raw };
    }
    return { ...errorState(error), values: raw };
  }
}

type KeyChange = typeof revokeApiKey;

// The key id comes from the browser: each lib/server call is scoped to the session's account,
// so another account's id answers "not found" exactly like an unknown one.
async function changeKey(change: KeyChange, done: string, formData: FormData): Promise<ActionState> {
  const session = await requireSession();
  const parsed = apiKeyIdSchema.safeParse({ keyId: String(formData.get('keyId') ?? '') });
  if (!parsed.success) return { status: 'error', message: 'This key does not exist or has been deleted' };
  try {
    const record = await change({
      accountId: session.accountId,
      keyId: parsed.data.keyId,
      actor: actorOf(session),
    });
    revalidatePath(KEYS_PATH);
    return { status: 'success', message: `Key ${record.name ?? `${record.prefix}…${record.last4}`} ${done}.` };
  } catch (error) {
    return errorState(error);
  }
}

export async function revokeApiKeyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return changeKey(revokeApiKey, 'revoked', formData);
}

export async function reenableApiKeyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return changeKey(reenableApiKey, 're-enabled', formData);
}

export async function deleteApiKeyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return changeKey(deleteApiKey, 'deleted', formData);
}
