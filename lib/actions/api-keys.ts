'use server';

import { revalidatePath } from 'next/cache';

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

import type { ActionState } from './action-state';
import { runAction } from './run-action';

const KEYS_PATH = '/keys';

function actorOf(session: ConsoleSession) {
  return { id: session.userId, label: session.email };
}

// The key id comes from the browser: each lib/server call is scoped to the session's account, so
// another account's id answers "not found" exactly like an unknown one; so does an id that is not one.
const KEY_NOT_FOUND: ActionState = { status: 'error', message: 'This key does not exist or has been deleted' };

/** A form with a key id and fields: a bad id answers like an unknown key, the fields' problems under `message`. */
function keyFieldsInvalid(message: string, values?: Record<string, string>) {
  return (fieldErrors: Record<string, string[]>): ActionState =>
    fieldErrors.keyId ? KEY_NOT_FOUND : { status: 'error', message, fieldErrors, ...(values ? { values } : {}) };
}

const EXPIRY_NOT_SAVED = 'The expiry was not saved. Check the date.';
const LIMIT_NOT_SAVED = 'The limit was not saved. Check the amount.';

function keyLabel(record: { name: string | null; prefix: string; last4: string }): string {
  return record.name ?? `${record.prefix}…${record.last4}`;
}

export async function createApiKeyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const raw = {
    name: String(formData.get('name') ?? ''),
    expiresOn: String(formData.get('expiresOn') ?? ''),
    monthlyLimit: String(formData.get('monthlyLimit') ?? ''),
  };
  return runAction({
    name: 'createApiKey',
    form: {
      raw: { ...raw, scopes: formData.getAll('scopes').map(String) },
      schema: createApiKeySchema,
      values: raw,
      invalid: 'The key was not created. Check the fields marked below.',
    },
    refused: (error) =>
      error.code === 'name_taken'
        ? 'The key was not created. Check the name.'
        : 'The key was not created. Check the fields marked below.',
    run: async ({ session, input }) => {
      const { key, record } = await createApiKey({
        accountId: session.accountId,
        actor: actorOf(session),
        name: input.name,
        expiresAt: input.expiresOn,
        scopes: input.scopes,
        monthlyLimitMicros: input.monthlyLimit,
      });
      revalidatePath(KEYS_PATH);
      return {
        status: 'success',
        message: `Key ${record.name ?? record.prefix} created. Copy it now: it will not be shown again.`,
        createdKey: key,
      };
    },
  });
}

type KeyChange = typeof revokeApiKey;

function changeKey(change: KeyChange, done: string, formData: FormData): Promise<ActionState> {
  return runAction({
    name: `${done} key`,
    form: { raw: { keyId: String(formData.get('keyId') ?? '') }, schema: apiKeyIdSchema, invalid: () => KEY_NOT_FOUND },
    run: async ({ session, input }) => {
      const record = await change({ accountId: session.accountId, keyId: input.keyId, actor: actorOf(session) });
      revalidatePath(KEYS_PATH);
      return { status: 'success', message: `Key ${keyLabel(record)} ${done}.` };
    },
  });
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

const NO_EXPIRED_KEY: ActionState = { status: 'error', message: 'No expired key to delete.' };

/**
 * "Delete expired keys": deletes, after the person confirmed the list, those of the listed keys that
 * are this account's and past their end. Every id is checked against the session's account on the
 * server; another account's key is skipped exactly like an unknown one.
 */
export async function deleteExpiredApiKeysAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runAction({
    name: 'deleteExpiredApiKeys',
    form: {
      raw: { keyIds: formData.getAll('keyId').map(String) },
      schema: expiredKeyIdsSchema,
      invalid: () => NO_EXPIRED_KEY,
    },
    run: async ({ session, input }) => {
      const deleted = await deleteExpiredApiKeys({
        accountId: session.accountId,
        keyIds: input.keyIds,
        actor: actorOf(session),
      });
      revalidatePath(KEYS_PATH);
      if (deleted.length === 0) return NO_EXPIRED_KEY;
      return {
        status: 'success',
        message: `Deleted ${deleted.length} expired ${deleted.length === 1 ? 'key' : 'keys'}.`,
      };
    },
  });
}

/** Rolls a key: the new key is shown once, the old one works until the chosen grace period ends. */
export async function rollApiKeyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runAction({
    name: 'rollApiKey',
    form: {
      raw: { keyId: String(formData.get('keyId') ?? ''), grace: String(formData.get('grace') ?? '') },
      schema: rollApiKeySchema,
      invalid: keyFieldsInvalid('The key was not rolled. Choose when the old key stops working.'),
    },
    run: async ({ session, input }) => {
      const { key, old } = await rollApiKey({
        accountId: session.accountId,
        keyId: input.keyId,
        actor: actorOf(session),
        grace: input.grace,
      });
      revalidatePath(KEYS_PATH);
      const until =
        input.grace === 'now'
          ? 'has stopped working'
          : `works until ${old.expiresAt?.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
      return {
        status: 'success',
        message: `Key ${keyLabel(old)} rolled: the old key ${until}. Copy the new key now: it will not be shown again.`,
        createdKey: key,
      };
    },
  });
}

/** Sets or clears a key's expiry date (blank: never). */
export async function setApiKeyExpiryAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const raw = { keyId: String(formData.get('keyId') ?? ''), expiresOn: String(formData.get('expiresOn') ?? '') };
  return runAction({
    name: 'setApiKeyExpiry',
    form: {
      raw,
      schema: keyExpirySchema,
      values: raw,
      invalid: keyFieldsInvalid(EXPIRY_NOT_SAVED, raw),
    },
    refused: EXPIRY_NOT_SAVED,
    run: async ({ session, input }) => {
      const record = await setApiKeyExpiry({
        accountId: session.accountId,
        keyId: input.keyId,
        actor: actorOf(session),
        expiresAt: input.expiresOn,
      });
      revalidatePath(KEYS_PATH);
      const when = record.expiresAt
        ? `expires at ${record.expiresAt.toISOString().slice(0, 10)} 00:00 UTC`
        : 'no longer expires';
      return { status: 'success', message: `Key ${keyLabel(record)} ${when}.` };
    },
  });
}

/** Sets or clears a key's monthly spend limit in dollars (blank: none). */
export async function setApiKeyLimitAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const raw = { keyId: String(formData.get('keyId') ?? ''), monthlyLimit: String(formData.get('monthlyLimit') ?? '') };
  return runAction({
    name: 'setApiKeyLimit',
    form: {
      raw,
      schema: keyLimitSchema,
      values: raw,
      invalid: keyFieldsInvalid(LIMIT_NOT_SAVED, raw),
    },
    refused: LIMIT_NOT_SAVED,
    run: async ({ session, input }) => {
      const record = await setApiKeyLimit({
        accountId: session.accountId,
        keyId: input.keyId,
        actor: actorOf(session),
        monthlyLimitMicros: input.monthlyLimit,
      });
      revalidatePath(KEYS_PATH);
      const limit =
        record.monthlyLimitMicros === null
          ? 'has no monthly limit'
          : `may spend at most $${(Number(record.monthlyLimitMicros) / 1e6).toFixed(2)} a month`;
      return { status: 'success', message: `Key ${keyLabel(record)} ${limit}.` };
    },
  });
}

/** The explorer's question before sending: what the key in its field may call (null: not one of the account's keys). */
export async function keyRestrictionAction(
  apiKey: string,
): Promise<{ scopes: string[]; expiresAt: string | null } | null> {
  const session = await requireSession();
  const found = await findKeyRestriction({ accountId: session.accountId, apiKey: String(apiKey).trim().slice(0, 200) });
  return found && { scopes: found.scopes, expiresAt: found.expiresAt?.toISOString() ?? null };
}
