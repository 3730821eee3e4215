'use server';

import { revalidatePath } from 'next/cache';

import { ConsoleError } from '@/lib/server/console-error';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { deleteApiKey } from '@/lib/server/keys/delete-api-key';
import { deleteExpiredApiKeys } from '@/lib/server/keys/delete-expired-api-keys';
import { reenableApiKey } from '@/lib/server/keys/reenable-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { findKeyRestriction } from '@/lib/server/keys/find-key-restriction';
import { rollApiKey } from '@/lib/server/keys/roll-api-key';
import { setApiKeyExpiry } from '@/lib/server/keys/set-api-key-expiry';
import { setApiKeyLimit } from '@/lib/server/keys/set-api-key-limit';
import { requireSession, type ConsoleSession } from '@/lib/auth/require-session';
import {
  apiKeyIdSchema,
  createApiKeySchema,
  expiredKeyIdsSchema,
  keyExpirySchema,
  keyLimitSchema,
  rollApiKeySchema,
} from '@/lib/validation/api-keys';

import { fieldErrorsFrom, type ActionState } from './action-state';

const KEYS_PATH = '/keys';

function actorOf(session: ConsoleSession) {
  return { id: session.userId, label: session.email };
}

function errorState(error: unknown): ActionState {
  if (error instanceof ConsoleError) return { status: 'error', message: error.message };
  console.error('API key action failed', error);
  return { status: 'error', message: 'Something went wrong. Please try again.' };
}

export async function createApiKeyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const session = await requireSession();
  const raw = {
    name: String(formData.get('name') ?? ''),
    expiresOn: String(formData.get('expiresOn') ?? ''),
    monthlyLimit: String(formData.get('monthlyLimit') ?? ''),
  };
  const scopes = formData.getAll('scopes').map(String);
  const parsed = createApiKeySchema.safeParse({ ...raw, scopes });
  if (!parsed.success) {
    return {
      status: 'error',
      message: 'The key was not created. Check the fields marked below.',
      fieldErrors: fieldErrorsFrom(parsed.error.issues),
      values: raw,
    };
  }
  try {
    const { key, record } = await createApiKey({
      accountId: session.accountId,
      actor: actorOf(session),
      name: parsed.data.name,
      expiresAt: parsed.data.expiresOn,
      scopes: parsed.data.scopes,
      monthlyLimitMicros: parsed.data.monthlyLimit,
    });
    revalidatePath(KEYS_PATH);
    return {
      status: 'success',
      message: `Key ${record.name ?? record.prefix} created. Copy it now: it will not be shown again.`,
      createdKey: key,
    };
  } catch (error) {
    if (error instanceof ConsoleError && error.code === 'name_taken') {
      return {
        status: 'error',
        message: 'The key was not created. Check the name.',
        fieldErrors: { name: [error.message] },
        values: raw,
      };
    }
    if (error instanceof ConsoleError && error.field) {
      return {
        status: 'error',
        message: 'The key was not created. Check the fields marked below.',
        fieldErrors: { [error.field]: [error.message] },
        values: raw,
      };
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

/**
 * "Delete expired keys": deletes, after the person confirmed the list, those of the listed keys that
 * are this account's and past their end. Every id is checked against the session's account on the
 * server; another account's key is skipped exactly like an unknown one.
 */
export async function deleteExpiredApiKeysAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const session = await requireSession();
  const parsed = expiredKeyIdsSchema.safeParse({ keyIds: formData.getAll('keyId').map(String) });
  if (!parsed.success) return { status: 'error', message: 'No expired key to delete.' };
  try {
    const deleted = await deleteExpiredApiKeys({
      accountId: session.accountId,
      keyIds: parsed.data.keyIds,
      actor: actorOf(session),
    });
    revalidatePath(KEYS_PATH);
    if (deleted.length === 0) return { status: 'error', message: 'No expired key to delete.' };
    return {
      status: 'success',
      message: `Deleted ${deleted.length} expired ${deleted.length === 1 ? 'key' : 'keys'}.`,
    };
  } catch (error) {
    return errorState(error);
  }
}

function keyLabel(record: { name: string | null; prefix: string; last4: string }): string {
  return record.name ?? `${record.prefix}…${record.last4}`;
}

/** Rolls a key: the new key is shown once, the old one works until the chosen grace period ends. */
export async function rollApiKeyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const session = await requireSession();
  const parsed = rollApiKeySchema.safeParse({
    keyId: String(formData.get('keyId') ?? ''),
    grace: String(formData.get('grace') ?? ''),
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error.issues);
    if (fieldErrors.keyId) return { status: 'error', message: 'This key does not exist or has been deleted' };
    return { status: 'error', message: 'The key was not rolled. Choose when the old key stops working.', fieldErrors };
  }
  try {
    const { key, old } = await rollApiKey({
      accountId: session.accountId,
      keyId: parsed.data.keyId,
      actor: actorOf(session),
      grace: parsed.data.grace,
    });
    revalidatePath(KEYS_PATH);
    const until =
      parsed.data.grace === 'now'
        ? 'has stopped working'
        : `works until ${old.expiresAt?.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
    return {
      status: 'success',
      message: `Key ${keyLabel(old)} rolled: the old key ${until}. Copy the new key now: it will not be shown again.`,
      createdKey: key,
    };
  } catch (error) {
    return errorState(error);
  }
}

/** Sets or clears a key's expiry date (blank: never). */
export async function setApiKeyExpiryAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const session = await requireSession();
  const raw = { keyId: String(formData.get('keyId') ?? ''), expiresOn: String(formData.get('expiresOn') ?? '') };
  const parsed = keyExpirySchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error.issues);
    if (fieldErrors.keyId) return { status: 'error', message: 'This key does not exist or has been deleted' };
    return { status: 'error', message: 'The expiry was not saved. Check the date.', fieldErrors, values: raw };
  }
  try {
    const record = await setApiKeyExpiry({
      accountId: session.accountId,
      keyId: parsed.data.keyId,
      actor: actorOf(session),
      expiresAt: parsed.data.expiresOn,
    });
    revalidatePath(KEYS_PATH);
    const when = record.expiresAt
      ? `expires at ${record.expiresAt.toISOString().slice(0, 10)} 00:00 UTC`
      : 'no longer expires';
    return { status: 'success', message: `Key ${keyLabel(record)} ${when}.` };
  } catch (error) {
    if (error instanceof ConsoleError && error.code === 'invalid_input') {
      return {
        status: 'error',
        message: 'The expiry was not saved. Check the date.',
        fieldErrors: { expiresOn: [error.message] },
        values: raw,
      };
    }
    return { ...errorState(error), values: raw };
  }
}

/** Sets or clears a key's monthly spend limit in dollars (blank: none). */
export async function setApiKeyLimitAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const session = await requireSession();
  const raw = { keyId: String(formData.get('keyId') ?? ''), monthlyLimit: String(formData.get('monthlyLimit') ?? '') };
  const parsed = keyLimitSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error.issues);
    if (fieldErrors.keyId) return { status: 'error', message: 'This key does not exist or has been deleted' };
    return { status: 'error', message: 'The limit was not saved. Check the amount.', fieldErrors, values: raw };
  }
  try {
    const record = await setApiKeyLimit({
      accountId: session.accountId,
      keyId: parsed.data.keyId,
      actor: actorOf(session),
      monthlyLimitMicros: parsed.data.monthlyLimit,
    });
    revalidatePath(KEYS_PATH);
    const limit =
      record.monthlyLimitMicros === null
        ? 'has no monthly limit'
        : `may spend at most $${(Number(record.monthlyLimitMicros) / 1e6).toFixed(2)} a month`;
    return { status: 'success', message: `Key ${keyLabel(record)} ${limit}.` };
  } catch (error) {
    return { ...errorState(error), values: raw };
  }
}

/** The explorer's question before sending: what the key in its field may call (null: not one of the account's keys). */
export async function keyRestrictionAction(
  apiKey: string,
): Promise<{ scopes: string[]; expiresAt: string | null } | null> {
  const session = await requireSession();
  const found = await findKeyRestriction({ accountId: session.accountId, apiKey: String(apiKey).trim().slice(0, 200) });
  return found && { scopes: found.scopes, expiresAt: found.expiresAt?.toISOString() ?? null };
}
