// Paying an invoice as Stripe does: the card chosen (the given method, the invoice's default, the
// customer's), a PaymentIntent and its charge, `attempt_count`, the invoice payment recorded, and
// a declined or authentication-needing card answered as Stripe answers it.
import type { EmulatorBilling } from './billing';
import { chargeDecline, type CardBehaviour } from './cards';
import { invalidRequest, StripeApiError } from './errors';
import { chargeObject, paymentIntentObject } from './payments';
import { newId, type StripeObject as Obj } from './store';

/** Marks the invoice paid (by the PaymentIntent, or without one) and announces it. */
export async function markInvoicePaid(
  billing: EmulatorBilling,
  invoice: Obj,
  paymentIntent: string | null,
  extra: Record<string, unknown> = {},
): Promise<Obj> {
  const now = billing.clock.now();
  const payments = invoice.payments as { data: Obj[] };
  const paidPayment = paymentIntent
    ? [
        {
          id: newId('inpay'),
          object: 'invoice_payment',
          amount_paid: invoice.amount_due,
          amount_requested: invoice.amount_due,
          created: now,
          currency: 'usd',
          invoice: invoice.id,
          is_default: true,
          livemode: false,
          payment: { type: 'payment_intent', payment_intent: paymentIntent },
          status: 'paid',
          status_transitions: { canceled_at: null, paid_at: now },
        },
      ]
    : [];
  const paid = await billing.update(
    invoice,
    {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempted: true,
      ...extra,
      status_transitions: { ...(invoice.status_transitions as object), paid_at: now },
      payments: {
        ...(invoice.payments as object),
        data: [...paidPayment, ...payments.data.map((p) => ({ ...p, is_default: false }))],
      },
    },
    'invoice.paid',
  );
  await billing.events.emit('invoice.payment_succeeded', paid);
  return paid;
}

/**
 * Charges an `open` or `uncollectible` invoice: the given method, else the invoice's default, else
 * the customer's. `attempt_count` counts as Stripe's does: the first attempt makes it 1, and
 * later attempts made through this call (not automatic retries) leave it alone.
 */
export async function payInvoice(
  billing: EmulatorBilling,
  id: string,
  params: { payment_method?: string; paid_out_of_band?: boolean },
  /** The customer pays on the hosted invoice page, there to authenticate (not an API parameter). */
  { onSession = false }: { onSession?: boolean } = {},
): Promise<Obj> {
  const invoice = await billing.require(id, 'invoice');
  // Real Stripe answers these with a plain invalid_request_error: no error code of its own.
  if (invoice.status === 'paid')
    throw new StripeApiError(400, { type: 'invalid_request_error', message: 'Invoice is already paid' });
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      message: `You can only pay an invoice that is open or uncollectible; this one is ${invoice.status}.`,
    });
  }
  if (params.paid_out_of_band)
    return markInvoicePaid(billing, invoice, null, { amount_paid_off_stripe: invoice.amount_due });
  const customer = await billing.require(invoice.customer as string, 'customer');
  const methodId =
    params.payment_method ??
    (invoice.default_payment_method as string | null) ??
    (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
  if (!methodId)
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      message:
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
    });
  const method = await billing.require(methodId, 'payment_method');
  if (method.customer !== customer.id)
    throw invalidRequest(
      `The payment method ${methodId} is not attached to this invoice's customer.`,
      'payment_method',
    );
  const attempt = { attempted: true, attempt_count: Math.max(1, Number(invoice.attempt_count)) };
  const decline = chargeDecline(method.sandbox_behaviour as CardBehaviour, { onSession });
  // An off-session payment the bank wants authenticated: the invoice's PaymentIntent waits in
  // `requires_action` for the customer, who completes it on the hosted invoice page.
  const needsAction = decline?.code === 'authentication_required';
  const { intentId, chargeId } = await chargeInvoice(billing, invoice, customer.id, method, decline, needsAction);
  if (!decline) return markInvoicePaid(billing, invoice, intentId, attempt);
  const payments = invoice.payments as { data: Obj[] };
  const now = billing.clock.now();
  const failedPayment = {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: invoice.amount_due,
    created: now,
    currency: 'usd',
    invoice: invoice.id,
    is_default: payments.data.length === 0,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: intentId },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  };
  const failed = await billing.update(
    invoice,
    { ...attempt, payments: { ...(invoice.payments as object), data: [...payments.data, failedPayment] } },
    'invoice.payment_failed',
  );
  // "invoice.payment_action_required will be generated when the next action is needed, such as
  // when 3D Secure is required, and the hosted_invoice_url returned in that event contains a
  // button for the customer to complete the payment" (Stripe support, "Completing a next action
  // for PaymentIntents created with one-off invoices").
  if (needsAction) await billing.events.emit('invoice.payment_action_required', failed);
  throw new StripeApiError(402, { type: 'card_error', ...decline, charge: chargeId });
}

/** A PaymentIntent and its charge for the invoice's amount. */
async function chargeInvoice(
  billing: EmulatorBilling,
  invoice: Obj,
  customer: string,
  paymentMethod: Obj,
  decline: ReturnType<typeof chargeDecline>,
  needsAction = false,
): Promise<{ intentId: string; chargeId: string }> {
  const now = billing.clock.now();
  const amount = Number(invoice.amount_due);
  const account = billing.account;
  const intent = paymentIntentObject({
    now,
    amount,
    currency: 'usd',
    customer,
    paymentMethod: paymentMethod.id,
    account,
  });
  const charge = await billing.store.put(
    chargeObject({
      now,
      amount,
      currency: 'usd',
      customer,
      paymentIntent: intent.id,
      paymentMethod,
      decline,
      account,
    }),
  );
  await billing.store.put({
    ...intent,
    amount_received: decline ? 0 : amount,
    latest_charge: charge.id,
    status: needsAction ? 'requires_action' : decline ? 'requires_payment_method' : 'succeeded',
    next_action: needsAction ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
    last_payment_error: decline
      ? {
          type: 'card_error',
          code: decline.code,
          decline_code: decline.decline_code,
          message: decline.message,
          charge: charge.id,
        }
      : null,
  });
  await billing.events.emit(decline ? 'charge.failed' : 'charge.succeeded', charge);
  return { intentId: intent.id, chargeId: charge.id };
}
