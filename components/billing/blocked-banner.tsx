import { addPaymentMethodAction } from '@/lib/actions/billing';
import type { AccountStanding } from '@/lib/server/billing/get-account-standing';

import type { AmountsDue } from '@/lib/server/billing/amounts-due';
import { formatCents } from '@/lib/money';

const buttonClass =
  'inline-flex min-h-10 items-center rounded-md border border-transparent bg-primary px-4 text-sm font-medium text-primary-fg hover:bg-primary-hover';

/**
 * On every console page while the account is blocked, the one notice of it: why, what is due now
 * and what is open but due later (apart), and the fix for each cause: a new card for a failed
 * payment, the invoice's page for an overdue invoice, and the support address for a lost dispute
 * or an operator's block (whose reason says "contact support").
 */
export function BlockedBanner({
  standing,
  due,
  supportEmail,
}: {
  standing: AccountStanding & { payInvoiceUrl: string | null };
  due: AmountsDue;
  supportEmail: string;
}) {
  const { reason, causes, payInvoiceUrl } = standing;
  const needsSupport = causes.includes('dispute') || causes.includes('operator');
  return (
    <div role="alert" className="border-b border-danger bg-danger-soft">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:px-6">
        <p className="flex-1 text-sm text-fg">
          <strong className="text-danger">Your account is blocked: the API answers 403 account_blocked.</strong>{' '}
          {reason}
          {due.dueNowCents > 0 ? ` Due now: ${formatCents(due.dueNowCents)}.` : ''}
          {due.dueLater.map((d) => ` Open, due ${d.dueAt.slice(0, 10)}: ${formatCents(d.amountCents)}.`).join('')}
          {needsSupport ? (
            <>
              {' '}
              Support:{' '}
              <a href={`mailto:${supportEmail}`} className="font-medium underline">
                {supportEmail}
              </a>
              .
            </>
          ) : null}
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
