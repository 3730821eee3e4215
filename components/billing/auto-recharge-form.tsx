'use client';

import { useActionState } from 'react';

import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import type { ActionState } from '@/lib/actions/action-state';
import { setAutoRechargeAction } from '@/lib/actions/billing';

export type AutoRechargeValues = { enabled: boolean; threshold: string; amount: string; monthlyLimit: string };

/** Below a threshold, charge an amount to the saved card, at most a monthly limit (dollars). */
export function AutoRechargeForm({ initial }: { initial: AutoRechargeValues }) {
  const [state, formAction, pending] = useActionState(setAutoRechargeAction, { status: 'idle' } as ActionState);
  const value = (name: 'threshold' | 'amount' | 'monthlyLimit') => state.values?.[name] ?? initial[name];
  const enabled = state.values ? state.values.enabled === 'on' : initial.enabled;
  return (
    <form action={formAction} noValidate className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="enabled" defaultChecked={enabled} className="size-4" />
        Recharge automatically with my saved card
      </label>
      <div className="grid gap-3 sm:grid-cols-3">
        <Input
          label="When the balance is below (USD)"
          name="threshold"
          inputMode="decimal"
          defaultValue={value('threshold')}
          errors={state.fieldErrors?.threshold}
          autoComplete="off"
        />
        <Input
          label="Recharge (USD)"
          name="amount"
          inputMode="decimal"
          defaultValue={value('amount')}
          errors={state.fieldErrors?.amount}
          autoComplete="off"
        />
        <Input
          label="At most a month (USD)"
          name="monthlyLimit"
          inputMode="decimal"
          hint="Per calendar month (UTC)."
          defaultValue={value('monthlyLimit')}
          errors={state.fieldErrors?.monthlyLimit}
          autoComplete="off"
        />
      </div>
      <div>
        <SubmitButton pending={pending} pendingLabel="Saving…" variant="secondary">
          Save auto-recharge
        </SubmitButton>
      </div>
      <div aria-live="polite" role="status" className="min-h-5 text-sm">
        {state.status === 'error' && state.message ? <p className="text-danger">{state.message}</p> : null}
        {state.status === 'success' && state.message ? <p className="text-success">{state.message}</p> : null}
      </div>
    </form>
  );
}
