'use client';

import { useActionState } from 'react';

import { SubmitButton } from '@/components/forms/submit-button';
import { idleState, type ActionState } from '@/lib/actions/action-state';

export type ResendVerificationFormProps = {
  email: string;
  action: (previous: ActionState, formData: FormData) => Promise<ActionState>;
};

/**
 * Under a sign-in refused for an unverified address: one button that mails a new link. Only this
 * button sends one (a new link replaces the earlier ones, so it is never sent unasked).
 */
export function ResendVerificationForm({ email, action }: ResendVerificationFormProps) {
  const [state, formAction, pending] = useActionState(action, idleState);
  return (
    <form action={formAction} className="flex flex-col gap-2 rounded-md border border-border bg-surface p-3">
      <input type="hidden" name="email" value={email} />
      <SubmitButton pending={pending} pendingLabel="Sending…" variant="secondary" className="self-start">
        Send a new link
      </SubmitButton>
      <div aria-live="polite" role="status" className="text-sm">
        {state.message ? <p className={state.status === 'error' ? 'text-danger' : undefined}>{state.message}</p> : null}
      </div>
    </form>
  );
}
