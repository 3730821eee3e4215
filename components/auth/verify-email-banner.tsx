'use client';

import { useActionState } from 'react';

import type { ActionState } from '@/lib/actions/action-state';
import { resendVerificationAction } from '@/lib/actions/account';

/** On every console page until the email is verified: why it matters, and a new link. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const [state, formAction, pending] = useActionState(resendVerificationAction, { status: 'idle' } as ActionState);
  return (
    <div className="border-b border-border bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:px-6">
        <p className="flex-1 text-sm">
          <strong>Verify your email address.</strong> We mailed a link to {email}. Until you follow it, the API serves
          only its free tier.
        </p>
        <form action={formAction} className="flex items-center gap-3">
          <p aria-live="polite" role="status" className="text-sm text-success">
            {state.message}
          </p>
          <button
            type="submit"
            disabled={pending}
            className="inline-flex min-h-10 shrink-0 items-center rounded-md border border-border bg-raised px-4 text-sm font-medium hover:bg-bg"
          >
            {pending ? 'Sending…' : 'Resend link'}
          </button>
        </form>
      </div>
    </div>
  );
}
