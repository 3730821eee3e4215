import type { Metadata } from 'next';
import { redirect } from 'next/navigation';

import { AccountActivityList } from '@/components/billing/account-activity-list';
import { BillingInvoices } from '@/components/billing/billing-invoices';
import { BillingMonthAccount } from '@/components/billing/billing-month-account';
import { BillingNotices } from '@/components/billing/billing-notices';
import { CapWarnings } from '@/components/billing/cap-warnings';
import { EndpointUsageTable } from '@/components/usage/endpoint-usage-table';
import { BillingModeSection, PrepaidCredits } from '@/components/billing/prepaid-credits';
import { MonthEndEstimateText } from '@/components/billing/month-end-estimate-text';
import { PaymentMethodSection } from '@/components/billing/payment-method-section';
import { SpendingCapsForm } from '@/components/billing/spending-caps-form';
import { UsageAlertForm } from '@/components/billing/usage-alert-form';
import { UsageAlertList } from '@/components/billing/usage-alert-list';
import { formatCents, microsToDollarInput } from '@/lib/money';
import { FREE_UNITS_PER_MONTH } from '@/lib/api/pricing';
import { requireSession } from '@/lib/auth/require-session';
import { MIN_PURCHASE_CENTS, maxPurchaseCents } from '@/lib/server/billing/credit-purchases';
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
  const { setup, saved, error, credits, bought, mode } = await searchParams;
  // A Checkout session made before its success_url was /billing/return comes back here: the page
  // only reads, so the return route applies it.
  if (credits) redirect(`/billing/return?${new URLSearchParams({ credits })}`);
  if (setup) redirect(`/billing/return?${new URLSearchParams({ setup })}`);
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
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-1">
        {/* Test mode: the strip at the top of every page (components/layout/test-mode-banner.tsx). */}
        <h1 className="text-2xl font-semibold">Billing</h1>
        <p className="text-sm text-muted">
          {prepaid
            ? `Each endpoint's first ${FREE_UNITS_PER_MONTH} units a month are free; past them each call draws on your prepaid credits.`
            : `Each endpoint's first ${FREE_UNITS_PER_MONTH} units a month are free; past them you pay per call, invoiced after each month (UTC).`}
        </p>
      </header>
      <BillingNotices
        saved={saved === '1'}
        emailUnverified={account.emailUnverified}
        bought={bought}
        mode={mode}
        error={error}
        creditsMicros={ledger.balanceMicros}
      />

      <PaymentMethodSection account={account} prepaid={prepaid} />

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
