import 'server-only';

import type Stripe from 'stripe';

import { env } from '@/lib/env';
import { formatPrice } from '@/lib/money';

/**
 * What an invoice says besides its items, in the fields Stripe prints on the hosted page and the
 * PDF: the seller (the operator's SELLER_NAME and SELLER_ADDRESS, as custom fields: Stripe's own
 * header shows the Stripe account's business details, which the product cannot set per invoice),
 * and in the footer the fraction of a cent this invoice leaves to the next one, so that the
 * invoice it leaves names it (the next one's "Carried from" line names it again).
 */
export function invoiceDocumentFields(invoice: {
  carriedOutMicros: bigint;
}): Pick<Stripe.InvoiceCreateParams, 'custom_fields' | 'footer'> {
  const seller = [
    { name: 'Seller', value: env.SELLER_NAME },
    ...(env.SELLER_ADDRESS ? [{ name: 'Seller address', value: env.SELLER_ADDRESS }] : []),
  ];
  return {
    custom_fields: seller,
    ...(invoice.carriedOutMicros > 0n
      ? {
          footer: `${formatPrice(invoice.carriedOutMicros)} in fractions of a cent is not charged on this invoice: it is carried to your next invoice.`,
        }
      : {}),
  };
}
