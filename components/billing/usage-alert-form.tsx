'use client';

import { useActionState } from 'react';

import { SubmitButton } from '@/components/forms/submit-button';
import type { ActionState } from '@/lib/actions/action-state';
import { createUsageAlertAction } from '@/lib/actions/usage-alerts';

import { AlertFields } from './usage-alert-fields';

type Submitted = ActionState & { submission: number };

/**
 * A new alert: on spend or units, for the UTC day or month, at percentages of the spending cap (the
 * account's) or the key's monthly limit (a key's), or at an amount; optionally for one endpoint.
 * The fields are remounted after each answer (keyed by the submission), so the choices they show
 * are always the ones the form holds: refilled after an error, the defaults after a save.
 */
export function UsageAlertForm({ keyId }: { keyId?: string }) {
  const [state, formAction, pending] = useActionState(
    async (previous: Submitted, formData: FormData): Promise<Submitted> => ({
      ...(await createUsageAlertAction(previous, formData)),
      submission: previous.submission + 1,
    }),
    { status: 'idle', submission: 0 },
  );
  return (
    <div className="flex flex-col gap-3">
      <form
        key={state.submission}
        action={formAction}
        noValidate
        className="flex flex-col gap-3"
        aria-label={keyId ? 'New alert for this key' : 'New usage alert'}
      >
        {keyId ? <input type="hidden" name="keyId" value={keyId} /> : null}
        <AlertFields keyId={keyId} state={state} />
        <div>
          <SubmitButton pending={pending} pendingLabel="Saving…" variant="secondary" size={keyId ? 'sm' : 'md'}>
            Save alert
          </SubmitButton>
        </div>
      </form>
      {/* A polite live region without role="status": in a key's menu the page's key status is the one status. */}
      <div aria-live="polite" className="min-h-5 text-sm" data-testid="usage-alert-message">
        {state.status === 'error' && state.message ? <p className="text-danger">{state.message}</p> : null}
        {state.status === 'success' && state.message ? <p className="text-success">{state.message}</p> : null}
      </div>
    </div>
  );
}
