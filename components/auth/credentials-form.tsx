'use client';

import { useActionState, useEffect, useRef } from 'react';

import { ResendVerificationForm } from '@/components/auth/resend-verification-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import type { ActionState } from '@/lib/actions/action-state';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/validation/password-rules';

export type CredentialsFormProps = {
  mode: 'sign-in' | 'sign-up';
  action: (previous: ActionState, formData: FormData) => Promise<ActionState>;
  callbackUrl?: string;
  /** Sign-in: mails a new verification link when the sign-in was refused for an unverified address. */
  resendAction?: (previous: ActionState, formData: FormData) => Promise<ActionState>;
};

/** The email and password form of both the sign-in and the sign-up page. */
export function CredentialsForm({ mode, action, callbackUrl, resendAction }: CredentialsFormProps) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle' } as ActionState);
  const signUp = mode === 'sign-up';
  const formRef = useRef<HTMLFormElement>(null);
  // On a refusal, start the user at the first field that needs fixing.
  useEffect(() => {
    if (state.status !== 'error' || !state.fieldErrors) return;
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [state]);
  const passwordErrors = state.fieldErrors?.password;
  // A sign-up is done once accepted: new address or taken, the same "check your mail" (no sign-in).
  const done = signUp && state.status === 'success';
  return (
    <div className="flex flex-col gap-4">
      {done ? (
        <h2 className="text-base font-semibold">Check your mail</h2>
      ) : (
        <form ref={formRef} action={formAction} className="flex flex-col gap-4" noValidate>
          {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
          <Input
            label="Email"
            name="email"
            type="email"
            autoComplete={signUp ? 'email' : 'username'}
            required
            defaultValue={state.values?.email ?? ''}
            errors={state.fieldErrors?.email}
          />
          <Input
            label="Password"
            name="password"
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            required
            minLength={signUp ? PASSWORD_MIN_LENGTH : undefined}
            maxLength={PASSWORD_MAX_LENGTH}
            // The rule once: as a hint, or, when it was broken, as the error that replaces the hint.
            hint={signUp && !passwordErrors?.length ? `Use at least ${PASSWORD_MIN_LENGTH} characters` : undefined}
            errors={passwordErrors}
          />
          <SubmitButton pending={pending} pendingLabel={signUp ? 'Creating account…' : 'Signing in…'}>
            {signUp ? 'Create account' : 'Sign in'}
          </SubmitButton>
        </form>
      )}
      {/* One live region in both states, so the outcome is announced. */}
      <div aria-live="polite" role="status" className="min-h-6 text-sm">
        {state.message ? <p className={state.status === 'error' ? 'text-danger' : undefined}>{state.message}</p> : null}
      </div>
      {resendAction && state.resendVerificationTo ? (
        // Keyed by the refused sign-in: each refusal offers a fresh button, not the last one's outcome.
        <ResendVerificationForm
          key={state.resendVerificationTo}
          email={state.resendVerificationTo}
          action={resendAction}
        />
      ) : null}
    </div>
  );
}
