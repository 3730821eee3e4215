// Stripe's documented test cards, as the sandbox honours them.
export type CardBehaviour = 'succeeds' | 'charge_declined' | 'insufficient_funds' | 'setup_declined';

const cards: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeeds',
  '4000000000000341': 'charge_declined', // attaches, every charge fails
  '4000000000009995': 'insufficient_funds', // attaches, charges decline with insufficient_funds
  '4000000000000002': 'setup_declined', // declined when it is saved
};

/** The test card's behaviour, or null for a number that is not a known test card. */
export function cardBehaviour(number: string): CardBehaviour | null {
  return cards[number.replace(/[\s-]/g, '')] ?? null;
}

export function cardDetails(number: string) {
  const digits = number.replace(/[\s-]/g, '');
  return {
    brand: digits.startsWith('4') ? 'visa' : 'unknown',
    last4: digits.slice(-4),
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    funding: 'credit',
    country: 'US',
  };
}

/** The decline a charge with this card gets, or null when it succeeds. */
export function chargeDecline(
  behaviour: CardBehaviour,
): { code: string; decline_code: string; message: string } | null {
  if (behaviour === 'succeeds') return null;
  if (behaviour === 'insufficient_funds')
    return { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
}
