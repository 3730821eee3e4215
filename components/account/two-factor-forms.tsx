'use client';

// The two-factor section's forms: one asking for a code (and the password, to turn it on), and
// one that is a button alone; each tells its own outcome.
import { useActionState, useEffect, useRef } from 'react';

import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import type { TwoFactorState } from '@/lib/actions/two-factor';

type Action = (previous: TwoFactorState, formData: FormData) => Promise<TwoFactorState>;

function Outcome({ state }: { state: TwoFactorState }) {
  return (
    <div aria-live="polite" role="status" className="min-h-6 text-sm">
      {state.message ? (
        <p className={state.status === 'error' ? 'text-danger' : 'text-success'}>{state.message}</p>
      ) : null}
    </div>
  );
}

/** A form asking for a code; hands recovery codes it receives up, so they outlive the form. */
export function CodeForm({
  action,
  label,
  submitLabel,
  pendingLabel,
  variant = 'primary',
  askPassword = false,
  onRecoveryCodes,
}: {
  action: Action;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  variant?: 'primary' | 'danger';
  /** Also asks for the current password (turning two-factor on: a session alone may be borrowed). */
  askPassword?: boolean;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  // The codes are handed up as the action answers, not from an effect: a form that turned two-factor
  // on leaves the page in the same refresh, before its effects would run.
  const [state, formAction, pending] = useActionState(
    async (previous: TwoFactorState, formData: FormData) => {
      const next = await action(previous, formData);
      if (next.recoveryCodes) onRecoveryCodes(next.recoveryCodes);
      return next;
    },
    { status: 'idle' } as TwoFactorState,
  );
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state.status === 'error' && state.fieldErrors)
      formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [state]);
  return (
    <form ref={formRef} action={formAction} className="flex flex-col gap-3" noValidate>
      <Input
        label={label}
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        spellCheck={false}
        errors={state.fieldErrors?.code}
      />
      {askPassword ? (
        <Input
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          errors={state.fieldErrors?.currentPassword}
        />
      ) : null}
      <SubmitButton pending={pending} pendingLabel={pendingLabel} variant={variant} className="self-start">
        {submitLabel}
      </SubmitButton>
      <Outcome state={state} />
    </form>
  );
}

export function ButtonForm({
  action,
  label,
  pendingLabel,
  variant = 'primary',
}: {
  action: (previous: TwoFactorState) => Promise<TwoFactorState>;
  label: string;
  pendingLabel: string;
  variant?: 'primary' | 'secondary';
}) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle' } as TwoFactorState);
  return (
    <form action={formAction} className="flex flex-col gap-2">
      <SubmitButton pending={pending} pendingLabel={pendingLabel} variant={variant} className="self-start">
        {label}
      </SubmitButton>
      <Outcome state={state} />
    </form>
  );
}
