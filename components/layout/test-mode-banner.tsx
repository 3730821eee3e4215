import { Badge } from '@/components/ui/badge';
import { usesStripeEmulator, isTestMode } from '@/lib/stripe/client';

/**
 * The "Test mode" strip at the top of every page (the root layout) while payments are not real:
 * the Stripe emulator (no STRIPE_SECRET_KEY, e.g. BILLING_SANDBOX=true on a staging server) or a
 * Stripe test key. Rendered on the server with the page, so nothing moves when it appears; says so
 * in words, not only in colour.
 */
export function TestModeBanner() {
  if (!isTestMode()) return null;
  return (
    <aside aria-label="Billing mode" className="border-b border-warning bg-warning-soft">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-3 py-1 text-xs sm:px-6">
        <Badge tone="warning">Test mode</Badge>
        <span>
          {usesStripeEmulator()
            ? 'Payments go to the built-in Stripe emulator: no card is charged.'
            : 'Stripe test keys: no card is charged.'}
        </span>
      </p>
    </aside>
  );
}
