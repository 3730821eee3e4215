// Stripe's documented test cards (docs.stripe.com/testing), as the emulator honours them, by
// number or by the test PaymentMethod Stripe names for each (`pm_card_…`).
export type CardBehaviour =
  | 'succeeds'
  | 'charge_declined'
  | 'insufficient_funds'
  | 'setup_declined'
  | 'authentication_required';

const cards: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeeds',
  '4000000000000341': 'charge_declined', // attaches, every charge fails
  '4000000000009995': 'insufficient_funds', // attaches, charges decline with insufficient_funds
  '4000000000000002': 'setup_declined', // declined when it is saved
  // "This card requires authentication on all transactions, regardless of how the card is set up"
  // (docs.stripe.com/testing, 3D Secure cards): saved once the customer authenticates in Checkout,
  // every off-session charge then asks for authentication (invoice-payments.ts).
  '4000002760003184': 'authentication_required',
};

const testPaymentMethods: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_authenticationRequired: '4000002760003184',
};

const digitsOf = (card: string) => testPaymentMethods[card.trim()] ?? card.replace(/[\s-]/g, '');

/** The test card's behaviour, or null for a number that is not a known test card. */
export function cardBehaviour(number: string): CardBehaviour | null {
  return cards[digitsOf(number)] ?? null;
}

export function cardDetails(number: string) {
  const digits = digitsOf(number);
  return {
    brand: digits.startsWith('4') ? 'visa' : 'unknown',
    last4: digits.slice(-4),
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    funding: 'credit',
    country: 'US',
  };
}

/**
 * The decline a charge with this card gets, or null when it succeeds. `onSession`: the customer is
 * there to authenticate (the hosted invoice page), so a card that requires authentication is paid.
 */
export function chargeDecline(
  behaviour: CardBehaviour,
  { onSession = false }: { onSession?: boolean } = {},
): { code: string; decline_code: string; message: string } | null {
  if (behaviour === 'succeeds') return null;
  // Stripe's error and decline code `authentication_required` for an off-session payment that needs
  // 3D Secure (docs.stripe.com/error-codes, /declines/codes), with Stripe's message for it.
  if (behaviour === 'authentication_required')
    return onSession
      ? null
      : {
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        };
  if (behaviour === 'insufficient_funds')
    return { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
}
