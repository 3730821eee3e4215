'use client';

import { useActionState } from 'react';

import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import type { ActionState } from '@/lib/actions/action-state';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';

export type CredentialsFormProps = {
  mode: 'sign-in' | 'sign-up';
  action: (previous: ActionState, formData: FormData) => Promise<ActionState>;
  callbackUrl?: string;
};

/** The email and password form of both the sign-in and the sign-up page. */
export function CredentialsForm({ mode, action, callbackUrl }: CredentialsFormProps) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle' } as ActionState);
  const signUp = mode === 'sign-up';
  return (
    <form action={formAction} className="flex flex-col gap-4" noValidate>
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
        hint={signUp ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
        errors={state.fieldErrors?.password}
      />
      <SubmitButton pending={pending} pendingLabel={signUp ? 'Creating account…' : 'Signing in…'}>
        {signUp ? 'Create account' : 'Sign in'}
      </SubmitButton>
      <div aria-live="polite" role="status" className="min-h-6 text-sm">
        {state.status === 'error' && state.message ? <p className="text-danger">{state.message}</p> : null}
      </div>
    </form>
  );
}
