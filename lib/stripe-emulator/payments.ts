// PaymentIntents, their charges and refunds, as Stripe makes them: `POST /v1/payment_intents` with
// `confirm=true` charges the card at once (`off_session=true`: the customer is not there to
// authenticate), a declined charge answers Stripe's 402 `card_error` carrying the PaymentIntent
// (now `requires_payment_method`), and `POST /v1/refunds` refunds a charge in full or in part.
// Invoices (invoices.ts) and Checkout in payment mode (billing.ts) build their PaymentIntents and
// charges with the same functions, so every charge has the same shape.
import { cardBehaviour, chargeDecline, type CardBehaviour } from './cards';
import type { EmulatorClock } from './clock';
import { invalidRequest, StripeApiError } from './errors';
import { type Events, publicView } from './events';
import { newId, type EmulatorStore, type StripeObject as Obj } from './store';

/**
 * What the payments use of EmulatorBilling (billing.ts), which builds them with itself: its store,
 * events, clock and account, and four of its methods. Declared here so that this file imports
 * nothing of billing.ts.
 */
export interface PaymentsBilling {
  readonly store: EmulatorStore;
  readonly events: Events;
  readonly clock: EmulatorClock;
  readonly account: string;
  require(id: string, type: string): Promise<Obj>;
  update(object: Obj, changes: Record<string, unknown>, eventType?: string): Promise<Obj>;
  createCard(customer: string | null, cardNumber: string, behaviour: CardBehaviour): Promise<Obj>;
  attach(method: Obj, customer: string): Promise<Obj>;
}

export type Decline = NonNullable<ReturnType<typeof chargeDecline>>;

/** Where a payment is made: an API call with the customer away or present, or a hosted page where the customer authenticates. */
export type PaymentSetting = 'off_session' | 'on_session' | 'hosted_page';

/** Stripe's minimum charge in US cents ($0.50, docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
export const MINIMUM_CHARGE_CENTS = 50;
/** Stripe's largest amount: eight digits. */
const MAXIMUM_AMOUNT = 99_999_999;

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

/** A new Charge as Stripe answers it, succeeded or failed. */
export function chargeObject(params: {
  now: number;
  amount: number;
  currency: string;
  customer: string | null;
  paymentIntent: string;
  paymentMethod: Obj;
  decline: Decline | null;
  description?: string | null;
  metadata?: Record<string, string>;
  account: string;
}): Obj {
  const { decline } = params;
  const card = params.paymentMethod.card as {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: string;
    country: string;
  };
  const id = newId('ch');
  return {
    id,
    object: 'charge',
    created: params.now,
    livemode: false,
    amount: params.amount,
    amount_captured: decline ? 0 : params.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: decline ? null : newId('txn'),
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: 'BILLING SANDBOX',
    captured: !decline,
    currency: params.currency,
    customer: params.customer,
    description: params.description ?? null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    fraud_details: {},
    metadata: params.metadata ?? {},
    on_behalf_of: null,
    outcome: decline
      ? {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'declined_by_network',
          reason: decline.decline_code,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        }
      : {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: 'Payment complete.',
          type: 'authorized',
        },
    paid: !decline,
    payment_intent: params.paymentIntent,
    payment_method: params.paymentMethod.id,
    payment_method_details: {
      card: {
        amount_authorized: decline ? null : params.amount,
        authorization_code: decline ? null : String(100000 + (params.now % 900000)),
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
        country: card.country,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: null,
        funding: card.funding,
        installments: null,
        last4: card.last4,
        mandate: null,
        network: card.brand,
        network_token: { used: false },
        network_transaction_id: null,
        regulated_status: 'unregulated',
        three_d_secure: null,
        wallet: null,
      },
      type: 'card',
    },
    radar_options: {},
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: decline ? 'failed' : 'succeeded',
    transfer_data: null,
    transfer_group: null,
    sandbox_account: params.account,
  };
}

/** A new PaymentIntent as Stripe answers it, before any attempt. */
export function paymentIntentObject(params: {
  now: number;
  amount: number;
  currency: string;
  customer: string | null;
  paymentMethod: string | null;
  description?: string | null;
  metadata?: Record<string, string>;
  setupFutureUsage?: string | null;
  receiptEmail?: string | null;
  account: string;
}): Obj {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    created: params.now,
    livemode: false,
    amount: params.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${newId('s').slice(2, 27)}`,
    confirmation_method: 'automatic',
    currency: params.currency,
    customer: params.customer,
    description: params.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    metadata: params.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: params.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: params.receiptEmail ?? null,
    review: null,
    setup_future_usage: params.setupFutureUsage ?? null,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: params.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
    sandbox_account: params.account,
  };
}

export interface CreatePaymentIntentParams {
  amount: number;
  currency: string;
  customer?: string;
  payment_method?: string;
  confirm?: boolean;
  /** `true`, `one_off` or `recurring`: the customer is not in the checkout flow. */
  off_session?: string;
  capture_method?: string;
  setup_future_usage?: string;
  error_on_requires_action?: boolean;
  receipt_email?: string;
  description?: string;
  metadata: Record<string, string>;
}

/** What an attempt to charge a PaymentIntent came to. */
export type Attempt =
  | { outcome: 'succeeded'; intent: Obj; charge: Obj }
  | { outcome: 'requires_action'; intent: Obj }
  | { outcome: 'declined'; intent: Obj; charge: Obj; decline: Decline };

export class EmulatorPayments {
  constructor(private readonly billing: PaymentsBilling) {}

  private get now() {
    return this.billing.clock.now();
  }

  /** A payment amount as Stripe checks it: a whole number of cents, at least $0.50, at most eight digits. */
  checkAmount(amount: number, currency: string, param = 'amount'): void {
    if (!Number.isInteger(amount) || amount < 0)
      throw invalidRequest(`Invalid integer: ${amount}`, param, 'parameter_invalid_integer');
    if (currency === 'usd' && amount < MINIMUM_CHARGE_CENTS)
      throw invalidRequest('Amount must be at least $0.50 usd', param, 'amount_too_small');
    if (amount > MAXIMUM_AMOUNT)
      throw invalidRequest('Amount must be no more than $999,999.99', param, 'amount_too_large');
  }

  /**
   * The card to charge: a PaymentMethod of the customer's (or an unattached one), or one of
   * Stripe's test PaymentMethods (`pm_card_visa`, …), which makes a new unattached card.
   */
  private async paymentMethodFor(id: string, customer: string | null): Promise<Obj> {
    if (id.startsWith('pm_card_') && cardBehaviour(id)) return this.billing.createCard(null, id, cardBehaviour(id)!);
    const method = await this.billing.require(id, 'payment_method').catch(() => {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such PaymentMethod: '${id}'`,
        param: 'payment_method',
      });
    });
    if (method.customer && method.customer !== customer)
      throw invalidRequest(
        customer
          ? `The provided PaymentMethod ${id} is attached to another Customer; it cannot be used with ${customer}.`
          : `The provided PaymentMethod ${id} is attached to a Customer; pass that Customer as \`customer\`.`,
        'payment_method',
      );
    return method;
  }

  /** POST /v1/payment_intents: creates the PaymentIntent and, with `confirm=true`, charges the card. */
  async createPaymentIntent(params: CreatePaymentIntentParams): Promise<Obj> {
    const currency = params.currency.toLowerCase();
    this.checkAmount(params.amount, currency);
    if (params.capture_method === 'manual')
      throw invalidRequest('The Stripe emulator captures payments automatically only.', 'capture_method');
    const offSession = params.off_session !== undefined && params.off_session !== 'false';
    if (offSession && !params.confirm)
      throw invalidRequest('You can only pass `off_session` when `confirm` is true.', 'off_session');
    const customer = params.customer ? (await this.billing.require(params.customer, 'customer')).id : null;
    const method = params.payment_method ? await this.paymentMethodFor(params.payment_method, customer) : null;
    if (params.confirm && !method)
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Pass `payment_method`.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    const intent = await this.billing.store.put(
      paymentIntentObject({
        now: this.now,
        amount: params.amount,
        currency,
        customer,
        paymentMethod: method?.id ?? null,
        description: params.description,
        metadata: params.metadata,
        setupFutureUsage: params.setup_future_usage,
        receiptEmail: params.receipt_email,
        account: this.billing.account,
      }),
    );
    await this.billing.events.emit('payment_intent.created', intent);
    if (!params.confirm || !method) return intent;
    const setting: PaymentSetting = offSession || params.error_on_requires_action ? 'off_session' : 'on_session';
    const attempt = await this.attempt(intent, method, setting);
    if (attempt.outcome === 'declined') throw this.cardError(attempt);
    return attempt.intent;
  }

  /** Stripe's 402 for a declined payment: the error carries the charge, the PaymentIntent and the card. */
  cardError(attempt: Extract<Attempt, { outcome: 'declined' }>, method?: Obj): StripeApiError {
    const { decline, intent, charge } = attempt;
    return new StripeApiError(402, {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.decline_code,
      message: decline.message,
      charge: charge.id,
      doc_url: docUrl(decline.code),
      payment_intent: publicView(intent),
      ...(method ? { payment_method: publicView(method) } : {}),
    });
  }

  /**
   * One attempt to pay the PaymentIntent with the card: a charge that succeeds or fails, or (a card
   * that asks for authentication, with the customer present in an API call) `requires_action`.
   * With `setup_future_usage`, a card that pays is attached to the PaymentIntent's customer.
   */
  async attempt(intent: Obj, method: Obj, setting: PaymentSetting): Promise<Attempt> {
    const behaviour = method.sandbox_behaviour as CardBehaviour;
    if (behaviour === 'authentication_required' && setting === 'on_session') {
      const waiting = await this.billing.update(intent, {
        payment_method: method.id,
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
      });
      await this.billing.events.emit('payment_intent.requires_action', waiting);
      return { outcome: 'requires_action', intent: waiting };
    }
    const decline = chargeDecline(behaviour, { onSession: setting === 'hosted_page' });
    const charge = await this.billing.store.put(
      chargeObject({
        now: this.now,
        amount: Number(intent.amount),
        currency: String(intent.currency),
        customer: (intent.customer as string | null) ?? null,
        paymentIntent: intent.id,
        paymentMethod: method,
        decline,
        description: intent.description as string | null,
        metadata: intent.metadata as Record<string, string>,
        account: this.billing.account,
      }),
    );
    await this.billing.events.emit(decline ? 'charge.failed' : 'charge.succeeded', charge);
    if (decline) {
      const failed = await this.billing.update(intent, {
        payment_method: null,
        status: 'requires_payment_method',
        next_action: null,
        latest_charge: charge.id,
        last_payment_error: {
          type: 'card_error',
          code: decline.code,
          decline_code: decline.decline_code,
          message: decline.message,
          charge: charge.id,
          doc_url: docUrl(decline.code),
          payment_method: publicView(method),
        },
      });
      await this.billing.events.emit('payment_intent.payment_failed', failed);
      return { outcome: 'declined', intent: failed, charge, decline };
    }
    if (intent.setup_future_usage && intent.customer && !method.customer)
      await this.billing.attach(method, intent.customer as string);
    const paid = await this.billing.update(intent, {
      payment_method: method.id,
      status: 'succeeded',
      next_action: null,
      amount_received: intent.amount,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    await this.billing.events.emit('payment_intent.succeeded', paid);
    return { outcome: 'succeeded', intent: paid, charge };
  }

  /**
   * POST /v1/refunds: refunds a charge (named, or the PaymentIntent's successful one) in full or in
   * part, until nothing is left to refund; announces `refund.created` and `charge.refunded`.
   */
  async createRefund(params: {
    charge?: string;
    payment_intent?: string;
    amount?: number;
    reason?: string;
    metadata: Record<string, string>;
  }): Promise<Obj> {
    if (!params.charge && !params.payment_intent)
      throw invalidRequest('One of `charge` or `payment_intent` is required.', 'charge', 'parameter_missing');
    let chargeId = params.charge;
    if (params.payment_intent) {
      const intent = await this.billing.require(params.payment_intent, 'payment_intent');
      if (intent.status !== 'succeeded' || !intent.latest_charge)
        throw invalidRequest(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          'payment_intent',
          'charge_not_refundable',
        );
      if (chargeId && chargeId !== intent.latest_charge)
        throw invalidRequest(`The charge ${chargeId} does not belong to the PaymentIntent ${intent.id}.`, 'charge');
      chargeId = intent.latest_charge as string;
    }
    const charge = await this.billing.require(chargeId!, 'charge');
    if (charge.status !== 'succeeded')
      throw invalidRequest(
        `Charge ${charge.id} has not succeeded; there is nothing to refund.`,
        'charge',
        'charge_not_refundable',
      );
    const refunded = Number(charge.amount_refunded);
    const remaining = Number(charge.amount) - refunded;
    if (remaining <= 0)
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
    const amount = params.amount ?? remaining;
    if (!Number.isInteger(amount) || amount <= 0)
      throw invalidRequest(
        'Refund amount must be a positive whole number of cents.',
        'amount',
        'parameter_invalid_integer',
      );
    if (amount > remaining)
      throw invalidRequest(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    const refund = await this.billing.store.put({
      id: newId('re'),
      object: 'refund',
      created: this.now,
      amount,
      balance_transaction: newId('txn'),
      charge: charge.id,
      currency: charge.currency,
      destination_details: {
        card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
        type: 'card',
      },
      metadata: params.metadata,
      payment_intent: charge.payment_intent ?? null,
      reason: params.reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
      sandbox_account: this.billing.account,
    });
    await this.billing.events.emit('refund.created', refund);
    const total = refunded + amount;
    await this.billing.update(
      charge,
      { amount_refunded: total, refunded: total === Number(charge.amount) },
      'charge.refunded',
    );
    return refund;
  }

  /** GET /v1/refunds: this account's refunds, newest first, of one charge or PaymentIntent when asked. */
  listRefunds(filter: { charge?: string; payment_intent?: string }): Promise<Obj[]> {
    return this.billing.store.list('refund', {
      account: this.billing.account,
      where: (r) =>
        (!filter.charge || r.charge === filter.charge) &&
        (!filter.payment_intent || r.payment_intent === filter.payment_intent),
    });
  }
}
