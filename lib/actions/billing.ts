'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';

import { env } from '@/lib/env';
import { autoRechargeSchema, spendingCapsSchema } from '@/lib/validation/billing';
import { setSpendingCaps } from '@/lib/server/billing/set-spending-caps';

import { fieldErrorsFrom, type ActionState } from './action-state';
import { requireSession } from '@/lib/auth/require-session';
import { openBillingPortal, startPaymentMethodSetup } from '@/lib/server/billing/start-payment-method-setup';
import {
  CreditPurchaseError,
  MIN_PURCHASE_CENTS,
  maxPurchaseCents,
  startCreditPurchase,
} from '@/lib/server/billing/credit-purchases';
import { setBillingMode } from '@/lib/server/billing/set-billing-mode';
import { setAutoRecharge } from '@/lib/server/billing/set-auto-recharge';
import { formatCents } from '@/lib/money';

/** The console's own origin, as the browser reached it, for Stripe's return links. */
async function consoleOrigin(): Promise<string> {
  const h = await headers();
  const origin = h.get('origin');
  if (origin) return origin;
  const host = h.get('x-forwarded-host') ?? h.get('host');
  return host ? `${h.get('x-forwarded-proto') ?? 'http'}://${host}` : `http://localhost:${env.PORT}`;
}

/** "Add payment method" / "Update payment method": to Stripe Checkout in setup mode. */
export async function addPaymentMethodAction(): Promise<void> {
  const { accountId } = await requireSession();
  let url: string;
  try {
    url = await startPaymentMethodSetup({ accountId, consoleOrigin: await consoleOrigin() });
  } catch (error) {
    console.error('Starting Checkout failed', error);
    redirect('/billing?error=payments-unavailable');
  }
  redirect(url);
}

/** "Manage billing": Stripe's customer portal. */
export async function openBillingPortalAction(): Promise<void> {
  const { accountId } = await requireSession();
  let url: string;
  try {
    url = await openBillingPortal({ accountId, consoleOrigin: await consoleOrigin() });
  } catch (error) {
    console.error('Opening the billing portal failed', error);
    redirect('/billing?error=payments-unavailable');
  }
  redirect(url);
}

/** The spending caps form: dollars in, micro-dollars stored; blank clears a cap. */
export async function setSpendingCapsAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const { accountId } = await requireSession();
  const values = {
    dailyCap: String(formData.get('dailyCap') ?? ''),
    monthlyCap: String(formData.get('monthlyCap') ?? ''),
  };
  const parsed = spendingCapsSchema.safeParse(values);
  if (!parsed.success) {
    return {
      status: 'error',
      message: 'Check the highlighted fields.',
      fieldErrors: fieldErrorsFrom(parsed.error.issues),
      values,
    };
  }
  await setSpendingCaps({ accountId, dailyCapMicros: parsed.data.dailyCap, monthlyCapMicros: parsed.data.monthlyCap });
  return { status: 'success', message: 'Spending caps saved. They apply from the next request.', values };
}

/** "Buy credits": an amount in dollars ($5 to the operator's maximum), then Stripe Checkout in payment mode. */
export async function buyCreditsAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const { accountId } = await requireSession();
  const amount = String(formData.get('amount') ?? '').trim();
  const values = { amount };
  const max = maxPurchaseCents();
  const range = `${formatCents(MIN_PURCHASE_CENTS)} to ${formatCents(max)}`;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(amount)) {
    return {
      status: 'error',
      message: 'Check the amount.',
      fieldErrors: { amount: [`Enter an amount in dollars from ${range}, like 5 or 12.50`] },
      values,
    };
  }
  const amountCents = Math.round(Number(amount) * 100);
  if (amountCents < MIN_PURCHASE_CENTS || amountCents > max) {
    return {
      status: 'error',
      message: 'Check the amount.',
      fieldErrors: { amount: [`Buy from ${range} at a time`] },
      values,
    };
  }
  let url: string;
  try {
    url = await startCreditPurchase({ accountId, amountCents, consoleOrigin: await consoleOrigin() });
  } catch (error) {
    if (error instanceof CreditPurchaseError) return { status: 'error', message: error.message, values };
    console.error('Starting a credit purchase failed', error);
    return { status: 'error', message: 'Payments are unavailable right now. Please try again in a moment.', values };
  }
  redirect(url);
}

/** Switches the account's billing mode (post-paid to prepaid closes the open month first). */
export async function setBillingModeAction(formData: FormData): Promise<void> {
  const { accountId } = await requireSession();
  const mode = formData.get('mode');
  if (mode !== 'prepaid' && mode !== 'postpaid') redirect('/billing');
  const result = await setBillingMode({ accountId, mode });
  redirect(
    result.outcome === 'switched' || result.outcome === 'unchanged' ? `/billing?mode=${mode}` : '/billing?mode=refused',
  );
}

/** The auto-recharge form of a prepaid account. */
export async function setAutoRechargeAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const { accountId } = await requireSession();
  const values = {
    threshold: String(formData.get('threshold') ?? ''),
    amount: String(formData.get('amount') ?? ''),
    monthlyLimit: String(formData.get('monthlyLimit') ?? ''),
    enabled: formData.get('enabled') === 'on' ? 'on' : '',
  };
  const parsed = autoRechargeSchema.safeParse({ ...values, enabled: values.enabled === 'on' });
  if (!parsed.success) {
    return {
      status: 'error',
      message: 'Check the highlighted fields.',
      fieldErrors: fieldErrorsFrom(parsed.error.issues),
      values,
    };
  }
  const refused = await setAutoRecharge(accountId, {
    enabled: parsed.data.enabled,
    thresholdMicros: parsed.data.threshold,
    amountMicros: parsed.data.amount,
    monthlyLimitMicros: parsed.data.monthlyLimit,
  });
  if (refused) return { status: 'error', message: refused, values };
  return {
    status: 'success',
    message: parsed.data.enabled ? 'Auto-recharge is on.' : 'Auto-recharge is off.',
    values,
  };
}
