'use client';

import { useActionState } from 'react';

import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import type { ActionState } from '@/lib/actions/action-state';
import { buyCreditsAction } from '@/lib/actions/billing';

/** An amount in dollars, then Stripe Checkout (payment mode) with the saved card or a new one. */
export function BuyCreditsForm({ min, max }: { min: string; max: string }) {
  const [state, formAction, pending] = useActionState(buyCreditsAction, { status: 'idle' } as ActionState);
  return (
    <form action={formAction} noValidate className="flex flex-col gap-3">
      <div className="max-w-xs">
        <Input
          label="Amount (USD)"
          name="amount"
          inputMode="decimal"
          hint={`From ${min} to ${max}.`}
          defaultValue={state.values?.amount ?? '5.00'}
          errors={state.fieldErrors?.amount}
          autoComplete="off"
        />
      </div>
      <div>
        <SubmitButton pending={pending} pendingLabel="Opening Checkout…">
          Buy credits
        </SubmitButton>
      </div>
      <div aria-live="polite" role="status" className="min-h-5 text-sm">
        {state.status === 'error' && state.message ? <p className="text-danger">{state.message}</p> : null}
      </div>
    </form>
  );
}
