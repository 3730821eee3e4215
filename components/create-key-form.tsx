'use client';

import { useActionState, useState } from 'react';

import { NewKeyPanel } from '@/components/new-key-panel';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { createApiKeyAction } from '@/lib/actions/api-keys';
import type { ActionState } from '@/lib/actions/action-state';
import { API_KEY_NAME_MAX_LENGTH } from '@/lib/validation/api-keys';

/** Creates a key with an optional name and shows the new key once. */
export function CreateKeyForm() {
  const [state, formAction, pending] = useActionState(createApiKeyAction, { status: 'idle' } as ActionState);
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const newKey = state.createdKey && state.createdKey !== dismissedKey ? state.createdKey : null;

  return (
    <div className="flex flex-col gap-4">
      <form action={formAction} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <Input
          label="Key name (optional)"
          hint={`Up to ${API_KEY_NAME_MAX_LENGTH} characters.`}
          name="name"
          placeholder="e.g. production server"
          defaultValue={state.status === 'error' ? (state.values?.name ?? '') : ''}
          errors={state.fieldErrors?.name}
          className="sm:w-80"
          autoComplete="off"
        />
        <SubmitButton pending={pending} pendingLabel="Creating…" className="sm:mt-6">
          Create key
        </SubmitButton>
      </form>
      <div aria-live="polite" role="status" className="min-h-5 text-sm">
        {state.status === 'error' && state.message ? <p className="text-danger">{state.message}</p> : null}
        {state.status === 'success' && state.message ? <p className="text-success">{state.message}</p> : null}
      </div>
      {newKey ? <NewKeyPanel apiKey={newKey} onDismiss={() => setDismissedKey(newKey)} /> : null}
    </div>
  );
}
