import { addPaymentMethodAction } from '@/lib/actions/billing';

import { formatCents } from './money';

/** On every console page while the account is blocked: why, what is due, and the one fix. */
export function BlockedBanner({ reason, dueCents }: { reason: string; dueCents: number }) {
  return (
    <div role="alert" className="border-b border-danger bg-danger-soft">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:px-6">
        <p className="flex-1 text-sm text-fg">
          <strong className="text-danger">Your account is blocked: the API answers 403 account_blocked.</strong> {reason}
          {dueCents > 0 ? ` Amount due: ${formatCents(dueCents)}.` : ''}
        </p>
        <form action={addPaymentMethodAction}>
          <button type="submit" className="inline-flex min-h-10 items-center rounded-md border border-transparent bg-primary px-4 text-sm font-medium text-primary-fg hover:bg-primary-hover">
            Update payment method
          </button>
        </form>
      </div>
    </div>
  );
}
