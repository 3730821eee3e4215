// A production configuration that forgot STRIPE_SECRET_KEY must not quietly take its payments in
// the Stripe emulator (lib/stripe-emulator), where no card is charged: scripts/run.ts refuses to
// start instead, unless the operator asks for the emulator.

/**
 * Why the app must not start, or null. The emulator is allowed on the embedded database (a developer
 * machine), with an explicit BILLING_SANDBOX=true (a staging or demo deployment), and not needed
 * with a Stripe key.
 */
export function stripeEmulatorRefusal(options: {
  stripeSecretKey: string | undefined;
  billingSandbox: string | undefined;
  embeddedDatabase: boolean;
}): string | null {
  if (options.stripeSecretKey || options.embeddedDatabase || options.billingSandbox === 'true') return null;
  return [
    'Refusing to start: DATABASE_URL is set but STRIPE_SECRET_KEY is not, so payments would go to the',
    'Stripe emulator, where no card is charged. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for',
    'real payments, or BILLING_SANDBOX=true to run the emulator on purpose (every page then shows a',
    '"Test mode" badge).',
  ].join('\n');
}
