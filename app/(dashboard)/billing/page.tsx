import type { Metadata } from 'next';
import { redirect } from 'next/navigation';

import { AccountActivityList } from '@/components/billing/account-activity-list';
import { BillingInvoices } from '@/components/billing/billing-invoices';
import { BillingMonthAccount } from '@/components/billing/billing-month-account';
import { CapWarnings } from '@/components/billing/cap-warnings';
import { EndpointUsageTable } from '@/components/usage/endpoint-usage-table';
import { BillingModeSection, PrepaidCredits } from '@/components/billing/prepaid-credits';
import { MonthEndEstimateText } from '@/components/billing/month-end-estimate-text';
import { SpendingCapsForm } from '@/components/billing/spending-caps-form';
import { UsageAlertForm } from '@/components/billing/usage-alert-form';
import { UsageAlertList } from '@/components/billing/usage-alert-list';
import { formatAmount, formatCents, microsToDollarInput } from '@/lib/money';
import { buttonClasses } from '@/components/ui/button';
import { addPaymentMethodAction, openBillingPortalAction } from '@/lib/actions/billing';
import { requireSession } from '@/lib/auth/require-session';
import { logConsoleError } from '@/lib/observability/console-log';
import { completePaymentMethodSetup } from '@/lib/server/billing/complete-payment-method-setup';
import { applyCreditCheckout, MIN_PURCHASE_CENTS, maxPurchaseCents } from '@/lib/server/billing/credit-purchases';
import { readCreditLedger } from '@/lib/server/billing/credits';
import { getBillingOverview } from '@/lib/server/billing/get-billing-overview';
import { estimateMonthEnd } from '@/lib/server/billing/month-end-estimate';
import { getAmountsDue } from '@/lib/server/billing/get-amounts-due';
import { listUsageAlerts } from '@/lib/server/alerts/list-usage-alerts';

export const metadata: Metadata = { title: 'Billing' };

export default async function BillingPage({
  searchParams,
}: {
  searchParams: Promise<{
    setup?: string;
    saved?: string;
    error?: string;
    credits?: string;
    bought?: string;
    mode?: string;
  }>;
}) {
  const { accountId } = await requireSession();
  const { setup, error, credits, bought, mode } = await searchParams;
  if (credits) {
    // Back from Checkout (payment mode): add the credits now if the webhook has not yet (once either way).
    const applied = await applyCreditCheckout({ checkoutSessionId: credits, accountId }).catch(async (e: unknown) => {
      await logConsoleError('Applying a credit purchase on return failed (the webhook or the reconciliation will)', e);
      return false;
    });
    redirect(applied ? '/billing?bought=1' : '/billing?bought=pending');
  }
  if (setup) {
    // Back from Checkout: apply the saved card now rather than waiting for Stripe's webhook, then
    // load the console again, so that everything on it (the blocked banner too) shows the result.
    const applied = await completePaymentMethodSetup({ accountId, checkoutSessionId: setup });
    redirect(applied ? '/billing?saved=1' : '/billing');
  }
  const saved = (await searchParams).saved === '1';
  const now = new Date();
  const [overview, due, alerts, ledger] = await Promise.all([
    getBillingOverview({ accountId, now }),
    getAmountsDue({ accountId, now }),
    listUsageAlerts({ accountId }),
    readCreditLedger(accountId, now),
  ]);
  const prepaid = ledger.mode === 'prepaid';
  const { account } = overview;
  // The whole month's calls at this pace, as the dashboard and /usage say it (month-end-estimate.ts).
  const estimate = estimateMonthEnd({
    month: overview.month,
    spentMicros: overview.caps.monthly.spentMicros,
    now,
    blocked: account.blockedAt !== null,
    monthlyCapMicros: account.monthlyCapMicros,
  });
  const onFile = account.hasPaymentMethod || account.billingByInvoice;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-1">
        {/* Test mode: the strip at the top of every page (components/layout/test-mode-banner.tsx). */}
        <h1 className="text-2xl font-semibold">Billing</h1>
        <p className="text-sm text-muted">
          {prepaid
            ? "Each endpoint's first 50 units a month are free; past them each call draws on your prepaid credits."
            : "Each endpoint's first 50 units a month are free; past them you pay per call, invoiced after each month (UTC)."}
        </p>
      </header>
      <div aria-live="polite" className="empty:hidden">
        {saved ? (
          <p className="rounded-md border border-success bg-success-soft p-3 text-sm">
            {account.emailUnverified
              ? 'Your card is saved. Calls past the free tier also need a verified email address: follow the link we mailed you, then they are billed to this card.'
              : 'Your card is saved. Calls past the free tier are billed from now on.'}
          </p>
        ) : null}
        {bought === '1' ? (
          <p className="rounded-md border border-success bg-success-soft p-3 text-sm">
            Thank you: your credits are in your balance. The receipt is on its way by mail.
          </p>
        ) : null}
        {bought === 'pending' ? (
          <p className="rounded-md border border-border bg-surface p-3 text-sm">
            Your payment is not confirmed yet: the credits appear here as soon as it is.
          </p>
        ) : null}
        {mode === 'prepaid' || mode === 'postpaid' ? (
          <p className="rounded-md border border-success bg-success-soft p-3 text-sm">
            {mode === 'prepaid'
              ? "You are on prepaid credits now: this month's calls so far were invoiced. Buy credits below to call past the free tier."
              : ledger.balanceMicros > 0n
                ? `You are on post-paid billing now: calls past the free tier are invoiced after each month, and your ${formatAmount(ledger.balanceMicros)} of credits pay those invoices first.`
                : 'You are on post-paid billing now: calls past the free tier are invoiced after each month.'}
          </p>
        ) : null}
        {mode === 'refused' ? (
          <p className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
            The billing mode could not be changed now (this month&apos;s invoice could not be made). Please try again in
            a moment.
          </p>
        ) : null}
        {error ? (
          <p className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
            Payments are unavailable right now. Please try again in a moment.
          </p>
        ) : null}
      </div>

      <section
        aria-labelledby="method-heading"
        className="flex flex-col gap-3 rounded-lg border border-border bg-raised p-4"
      >
        <h2 id="method-heading" className="text-lg font-semibold">
          Payment method
        </h2>
        <p className="text-sm">
          {account.billingByInvoice ? (
            'Billed by invoice (arranged with us).'
          ) : account.hasPaymentMethod ? (
            <>
              On file: <strong>{account.paymentMethodLabel ?? 'a card'}</strong>
            </>
          ) : prepaid ? (
            'Credits are paid for in Checkout, with a saved card or a new one.'
          ) : (
            'No payment method on file: each endpoint stops at its free tier (50 units a month) with 402 payment_required.'
          )}
        </p>
        {account.emailUnverified ? (
          <p className="text-sm text-muted">
            Calls past the free tier need a verified email address as well as a payment method: follow the link we
            mailed you.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <form action={addPaymentMethodAction}>
            <button type="submit" className={buttonClasses('primary')}>
              {onFile ? 'Update payment method' : 'Add payment method'}
            </button>
          </form>
          {account.hasPaymentMethod ? (
            <form action={openBillingPortalAction}>
              <button type="submit" className={buttonClasses('secondary')}>
                Manage billing
              </button>
            </form>
          ) : null}
        </div>
      </section>

      <BillingModeSection ledger={ledger} />

      {prepaid || ledger.balanceMicros > 0n ? (
        <PrepaidCredits
          ledger={ledger}
          min={formatCents(MIN_PURCHASE_CENTS)}
          max={formatCents(maxPurchaseCents())}
          autoRecharge={{
            enabled: account.autoRechargeEnabled,
            threshold: microsToDollarInput(account.autoRechargeThresholdMicros) || '1.00',
            amount: microsToDollarInput(account.autoRechargeAmountMicros) || '10.00',
            monthlyLimit: microsToDollarInput(account.autoRechargeMonthlyLimitMicros) || '100.00',
          }}
          stoppedReason={account.autoRechargeStoppedAt ? account.autoRechargeStoppedReason : null}
        />
      ) : null}

      {prepaid && overview.monthAccount.totalMicros === 0n ? null : (
        <section aria-labelledby="month-heading" className="flex flex-col gap-3">
          <h2 id="month-heading" className="text-lg font-semibold">
            Not yet invoiced
          </h2>
          <BillingMonthAccount account={overview.monthAccount} />
          <MonthEndEstimateText estimate={estimate} className="text-sm text-muted" />
          <h3 className="text-base font-semibold">Calls in {overview.month} still to be invoiced, by endpoint</h3>
          <EndpointUsageTable
            rows={overview.lines.map((l) => ({ ...l, amountMicros: Number(l.amountMicros) }))}
            label={`Calls in ${overview.month} still to be invoiced, by endpoint`}
            empty={`No calls in ${overview.month} still to be invoiced.`}
          />
        </section>
      )}

      <section aria-labelledby="caps-heading" className="flex flex-col gap-3">
        <h2 id="caps-heading" className="text-lg font-semibold">
          Spending caps
        </h2>
        <p className="text-sm text-muted">
          A call that could take your spend past a cap is refused with 429 (daily_limit_exceeded or
          monthly_limit_exceeded) until the next UTC day or month.
        </p>
        <CapWarnings caps={overview.caps} />
        <SpendingCapsForm
          dailyCap={microsToDollarInput(account.dailyCapMicros)}
          monthlyCap={microsToDollarInput(account.monthlyCapMicros)}
        />
      </section>

      <section aria-labelledby="alerts-heading" className="flex flex-col gap-3">
        <h2 id="alerts-heading" className="text-lg font-semibold">
          Usage alerts
        </h2>
        <p className="text-sm text-muted">
          Mailed to every user of the account and sent to your webhooks, once per threshold and period. A spending cap
          comes with an alert at 50, 80 and 100 %; a key&apos;s alerts are added in its menu on the Keys page.
        </p>
        <UsageAlertList alerts={alerts} />
        <h3 className="text-base font-semibold">New alert</h3>
        <UsageAlertForm />
      </section>

      <BillingInvoices invoices={overview.invoices} due={due} />

      <AccountActivityList events={overview.activity} />
    </div>
  );
}
