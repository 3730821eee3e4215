'use client';

import { useActionState } from 'react';

import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import type { ActionState } from '@/lib/actions/action-state';
import { setSpendingCapsAction } from '@/lib/actions/billing';

/** Daily and monthly caps in dollars (UTC day and month); blank means no cap. */
export function SpendingCapsForm({ dailyCap, monthlyCap }: { dailyCap: string; monthlyCap: string }) {
  const [state, formAction, pending] = useActionState(setSpendingCapsAction, { status: 'idle' } as ActionState);
  const value = (name: 'dailyCap' | 'monthlyCap', fallback: string) => state.values?.[name] ?? fallback;
  return (
    <form action={formAction} noValidate className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Input
          label="Daily cap (USD)"
          name="dailyCap"
          inputMode="decimal"
          hint="Per UTC day. Blank: no cap."
          defaultValue={value('dailyCap', dailyCap)}
          errors={state.fieldErrors?.dailyCap}
          autoComplete="off"
        />
        <Input
          label="Monthly cap (USD)"
          name="monthlyCap"
          inputMode="decimal"
          hint="Per calendar month (UTC). Blank: no cap."
          defaultValue={value('monthlyCap', monthlyCap)}
          errors={state.fieldErrors?.monthlyCap}
          autoComplete="off"
        />
      </div>
      <div>
        <SubmitButton pending={pending} pendingLabel="Saving…" variant="secondary">
          Save caps
        </SubmitButton>
      </div>
      <div aria-live="polite" role="status" className="min-h-5 text-sm">
        {state.status === 'error' && state.message ? <p className="text-danger">{state.message}</p> : null}
        {state.status === 'success' && state.message ? <p className="text-success">{state.message}</p> : null}
      </div>
    </form>
  );
}
