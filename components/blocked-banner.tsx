import { addPaymentMethodAction } from '@/lib/actions/billing';
import type { AccountStandingView } from '@/lib/server/billing/get-billing-overview';

import { formatCents } from '@/lib/money';

const buttonClass =
  'inline-flex min-h-10 items-center rounded-md border border-transparent bg-primary px-4 text-sm font-medium text-primary-fg hover:bg-primary-hover';

/**
 * On every console page while the account is blocked: why, what is due, and the fix for each
 * cause: a new card for a failed payment, the invoice's page for an overdue invoice. A lost
 * dispute or an operator's block says "contact support" in its reason and has no button.
 */
export function BlockedBanner({ standing }: { standing: AccountStandingView }) {
  const { reason, causes, dueCents, payInvoiceUrl } = standing;
  return (
    <div role="alert" className="border-b border-danger bg-danger-soft">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:px-6">
        <p className="flex-1 text-sm text-fg">
          <strong className="text-danger">Your account is blocked: the API answers 403 account_blocked.</strong>{' '}
          {reason}
          {dueCents > 0 ? ` Amount due: ${formatCents(dueCents)}.` : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          {causes.includes('overdue_invoice') && payInvoiceUrl ? (
            <a href={payInvoiceUrl} className={buttonClass}>
              Pay the invoice
            </a>
          ) : null}
          {causes.includes('unpaid_invoice') ? (
            <form action={addPaymentMethodAction}>
              <button type="submit" className={buttonClass}>
                Update payment method
              </button>
            </form>
          ) : null}
        </div>
      </div>
    </div>
  );
}
