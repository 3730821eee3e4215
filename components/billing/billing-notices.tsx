// What the last step on /billing did, told once at the top of the page from its query: a card
// saved or credits bought (back from Checkout through /billing/return), the billing mode changed,
// or payments unavailable.
import { formatAmount } from '@/lib/money';

export interface BillingNoticesProps {
  saved: boolean;
  /** The account's email address is not verified yet (calls past the free tier need it too). */
  emailUnverified: boolean;
  bought?: string;
  mode?: string;
  error?: string;
  /** The credit balance an account keeps on post-paid (it pays the next invoices first). */
  creditsMicros: bigint;
}

export function BillingNotices({ saved, emailUnverified, bought, mode, error, creditsMicros }: BillingNoticesProps) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {saved ? (
        <p className="rounded-md border border-success bg-success-soft p-3 text-sm">
          {emailUnverified
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
            : creditsMicros > 0n
              ? `You are on post-paid billing now: calls past the free tier are invoiced after each month, and your ${formatAmount(creditsMicros)} of credits pay those invoices first.`
              : 'You are on post-paid billing now: calls past the free tier are invoiced after each month.'}
        </p>
      ) : null}
      {mode === 'refused' ? (
        <p className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          The billing mode could not be changed now (this month&apos;s invoice could not be made). Please try again in a
          moment.
        </p>
      ) : null}
      {error ? (
        <p className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          Payments are unavailable right now. Please try again in a moment.
        </p>
      ) : null}
    </div>
  );
}
