// /billing's payment method: what is on file (a card, invoicing, or nothing and so the free tier
// only), and the buttons to add or change it in Checkout or manage it in Stripe's portal.
import { buttonClasses } from '@/components/ui/button';
import { FREE_UNITS_PER_MONTH } from '@/lib/api/pricing';
import { addPaymentMethodAction, openBillingPortalAction } from '@/lib/actions/billing';

export interface PaymentMethodSectionProps {
  account: {
    billingByInvoice: boolean;
    hasPaymentMethod: boolean;
    paymentMethodLabel: string | null;
    emailUnverified: boolean;
  };
  prepaid: boolean;
}

export function PaymentMethodSection({ account, prepaid }: PaymentMethodSectionProps) {
  const onFile = account.hasPaymentMethod || account.billingByInvoice;
  return (
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
          `No payment method on file: each endpoint stops at its free tier (${FREE_UNITS_PER_MONTH} units a month) with 402 payment_required.`
        )}
      </p>
      {account.emailUnverified ? (
        <p className="text-sm text-muted">
          Calls past the free tier need a verified email address as well as a payment method: follow the link we mailed
          you.
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
  );
}
