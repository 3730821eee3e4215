'use client';

import { useActionState, useEffect, useRef, useState } from 'react';

import { KEYS_HEADING_ID, useKeyStatus } from '@/components/keys/key-status';
import { KeyScopePicker } from '@/components/keys/key-scope-picker';
import { NewKeyPanel } from '@/components/keys/new-key-panel';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { createApiKeyAction } from '@/lib/actions/api-keys';
import type { ActionState } from '@/lib/actions/action-state';
import type { KeyScopeFamily } from '@/lib/server/keys/key-scope-options';
import { API_KEY_NAME_MAX_LENGTH, MAX_API_KEYS_PER_ACCOUNT } from '@/lib/validation/api-key-rules';

/**
 * Creates a key with an optional name and shows the new key once. At the limit the button is
 * disabled and says why, rather than letting the user find out from a refusal.
 */
export function CreateKeyForm({ keyCount, scopeOptions }: { keyCount: number; scopeOptions: KeyScopeFamily[] }) {
  const [state, formAction, pending] = useActionState(createApiKeyAction, { status: 'idle' } as ActionState);
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const { announce } = useKeyStatus();
  const formRef = useRef<HTMLFormElement>(null);
  const newKey = state.createdKey && state.createdKey !== dismissedKey ? state.createdKey : null;
  const full = keyCount >= MAX_API_KEYS_PER_ACCOUNT;

  useEffect(() => {
    if (state.status === 'idle' || !state.message) return;
    announce({ tone: state.status === 'error' ? 'error' : 'success', text: state.message });
    // A refused name: put the user back where the problem is.
    if (state.status === 'error' && state.fieldErrors) {
      formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
    }
  }, [state, announce]);

  function dismiss(key: string) {
    setDismissedKey(key);
    // The panel and its button are gone: continue at the list, where the new key now is.
    document.getElementById(KEYS_HEADING_ID)?.focus();
  }

  return (
    <div className="flex flex-col gap-4">
      <form ref={formRef} action={formAction} className="flex flex-col gap-3" noValidate>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Input
            label="Key name (optional)"
            hint={
              state.fieldErrors?.name?.length
                ? undefined
                : `Up to ${API_KEY_NAME_MAX_LENGTH} characters, different from your other keys' names.`
            }
            name="name"
            placeholder="e.g. production server"
            defaultValue={state.status === 'error' ? (state.values?.name ?? '') : ''}
            errors={state.fieldErrors?.name}
            className="sm:w-80"
            autoComplete="off"
          />
          <SubmitButton
            pending={pending}
            pendingLabel="Creating…"
            className="sm:mt-6"
            disabled={pending || full}
            aria-describedby={full ? 'create-key-limit' : undefined}
          >
            Create key
          </SubmitButton>
        </div>
        {/* Open by itself when one of its fields was refused, so the message is seen. */}
        <details
          className="rounded-md border border-border p-3"
          open={
            Boolean(state.fieldErrors?.expiresOn || state.fieldErrors?.monthlyLimit || state.fieldErrors?.scopes) ||
            undefined
          }
        >
          <summary className="cursor-pointer text-sm font-medium">
            More options: expiry, restriction, monthly limit
          </summary>
          <div className="mt-3 flex flex-col gap-4">
            <div className="flex flex-col gap-3 sm:flex-row">
              <Input
                label="Expires on (optional)"
                hint="The key stops at 00:00 UTC on this date."
                name="expiresOn"
                type="date"
                defaultValue={state.status === 'error' ? (state.values?.expiresOn ?? '') : ''}
                errors={state.fieldErrors?.expiresOn}
                className="sm:w-60"
              />
              <Input
                label="Monthly limit in dollars (optional)"
                hint="Calls that could pass it answer 429 key_limit_exceeded."
                name="monthlyLimit"
                inputMode="decimal"
                placeholder="e.g. 25"
                defaultValue={state.status === 'error' ? (state.values?.monthlyLimit ?? '') : ''}
                errors={state.fieldErrors?.monthlyLimit}
                className="sm:w-60"
                autoComplete="off"
              />
            </div>
            <KeyScopePicker options={scopeOptions} errors={state.fieldErrors?.scopes} />
          </div>
        </details>
      </form>
      {full ? (
        <p id="create-key-limit" className="text-sm text-muted">
          You have {MAX_API_KEYS_PER_ACCOUNT} of {MAX_API_KEYS_PER_ACCOUNT} keys, the most an account can have. Delete a
          key you no longer use to create another.
        </p>
      ) : null}
      {newKey ? <NewKeyPanel apiKey={newKey} onDismiss={() => dismiss(newKey)} /> : null}
    </div>
  );
}
