'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';

import { env } from '@/lib/env';
import { autoRechargeSchema, spendingCapsSchema } from '@/lib/validation/billing';
import { setSpendingCaps } from '@/lib/server/billing/set-spending-caps';

import { openBillingPortal, startPaymentMethodSetup } from '@/lib/server/billing/start-payment-method-setup';
import { MIN_PURCHASE_CENTS, maxPurchaseCents, startCreditPurchase } from '@/lib/server/billing/credit-purchases';
import { setBillingMode } from '@/lib/server/billing/set-billing-mode';
import { setAutoRecharge } from '@/lib/server/billing/set-auto-recharge';
import { formatCents } from '@/lib/money';

import type { ActionState } from './action-state';
import { failTheRequest, runAction } from './run-action';

const CHECK_FIELDS = 'Check the highlighted fields.';

/** The console's own origin, as the browser reached it, for Stripe's return links. */
async function consoleOrigin(): Promise<string> {
  const h = await headers();
  const origin = h.get('origin');
  if (origin) return origin;
  const host = h.get('x-forwarded-host') ?? h.get('host');
  return host ? `${h.get('x-forwarded-proto') ?? 'http'}://${host}` : `http://localhost:${env.PORT}`;
}

const PAYMENTS_UNAVAILABLE = '/billing?error=payments-unavailable';

/** "Add payment method" / "Update payment method": to Stripe Checkout in setup mode. */
export async function addPaymentMethodAction(): Promise<void> {
  await runAction({
    name: 'addPaymentMethod',
    failure: () => redirect(PAYMENTS_UNAVAILABLE),
    run: async ({ session }) =>
      redirect(await startPaymentMethodSetup({ accountId: session.accountId, consoleOrigin: await consoleOrigin() })),
  });
}

/** "Manage billing": Stripe's customer portal. */
export async function openBillingPortalAction(): Promise<void> {
  await runAction({
    name: 'openBillingPortal',
    failure: () => redirect(PAYMENTS_UNAVAILABLE),
    run: async ({ session }) =>
      redirect(await openBillingPortal({ accountId: session.accountId, consoleOrigin: await consoleOrigin() })),
  });
}

/** The spending caps form: dollars in, micro-dollars stored; blank clears a cap. */
export async function setSpendingCapsAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const values = {
    dailyCap: String(formData.get('dailyCap') ?? ''),
    monthlyCap: String(formData.get('monthlyCap') ?? ''),
  };
  return runAction({
    name: 'setSpendingCaps',
    form: { raw: values, schema: spendingCapsSchema, values, invalid: CHECK_FIELDS },
    run: async ({ session, input }) => {
      await setSpendingCaps({
        accountId: session.accountId,
        dailyCapMicros: input.dailyCap,
        monthlyCapMicros: input.monthlyCap,
      });
      return { status: 'success', message: 'Spending caps saved. They apply from the next request.', values };
    },
  });
}

/** "Buy credits": an amount in dollars ($5 to the operator's maximum), then Stripe Checkout in payment mode. */
export async function buyCreditsAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const amount = String(formData.get('amount') ?? '').trim();
  const values = { amount };
  const max = maxPurchaseCents();
  const range = `${formatCents(MIN_PURCHASE_CENTS)} to ${formatCents(max)}`;
  // The operator's maximum is read at each call, so the amount's schema is made here.
  const schema = z.object({ amount: z.string() }).transform(({ amount: dollars }, ctx) => {
    const cents = /^\d{1,7}(\.\d{1,2})?$/.test(dollars) ? Math.round(Number(dollars) * 100) : null;
    if (cents !== null && cents >= MIN_PURCHASE_CENTS && cents <= max) return cents;
    const message =
      cents === null ? `Enter an amount in dollars from ${range}, like 5 or 12.50` : `Buy from ${range} at a time`;
    ctx.addIssue({ code: 'custom', path: ['amount'], message });
    return z.NEVER;
  });
  return runAction({
    name: 'buyCredits',
    form: { raw: values, schema, values, invalid: 'Check the amount.' },
    failure: 'Payments are unavailable right now. Please try again in a moment.',
    run: async ({ session, input: amountCents }) => {
      redirect(
        await startCreditPurchase({
          accountId: session.accountId,
          amountCents,
          consoleOrigin: await consoleOrigin(),
        }),
      );
    },
  });
}

/** Switches the account's billing mode (post-paid to prepaid closes the open month first). */
export async function setBillingModeAction(formData: FormData): Promise<void> {
  await runAction({
    name: 'setBillingMode',
    failure: failTheRequest,
    run: async ({ session }) => {
      const mode = formData.get('mode');
      if (mode !== 'prepaid' && mode !== 'postpaid') redirect('/billing');
      const result = await setBillingMode({ accountId: session.accountId, mode });
      redirect(
        result.outcome === 'switched' || result.outcome === 'unchanged'
          ? `/billing?mode=${mode}`
          : '/billing?mode=refused',
      );
    },
  });
}

/** The auto-recharge form of a prepaid account. */
export async function setAutoRechargeAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const values = {
    threshold: String(formData.get('threshold') ?? ''),
    amount: String(formData.get('amount') ?? ''),
    monthlyLimit: String(formData.get('monthlyLimit') ?? ''),
    enabled: formData.get('enabled') === 'on' ? 'on' : '',
  };
  return runAction({
    name: 'setAutoRecharge',
    form: {
      raw: { ...values, enabled: values.enabled === 'on' },
      schema: autoRechargeSchema,
      values,
      invalid: CHECK_FIELDS,
    },
    run: async ({ session, input }) => {
      const refused = await setAutoRecharge(session.accountId, {
        enabled: input.enabled,
        thresholdMicros: input.threshold,
        amountMicros: input.amount,
        monthlyLimitMicros: input.monthlyLimit,
      });
      if (refused) return { status: 'error', message: refused, values };
      return { status: 'success', message: input.enabled ? 'Auto-recharge is on.' : 'Auto-recharge is off.', values };
    },
  });
}
