import 'server-only';

import { consoleUrl } from '@/lib/server/account/console-url';

/**
 * An invoice's page or PDF as the customer should open it: through the console, which finds the
 * current hosted page or PDF in Stripe when followed (app/(dashboard)/billing/invoices/[id]).
 * Stripe's own links are not handed out: they may change (and the Stripe emulator's change with
 * its ports), and a mail outlives them.
 */
export function invoiceLink(invoiceId: string, view: 'page' | 'pdf' = 'page'): string {
  return consoleUrl(`/billing/invoices/${encodeURIComponent(invoiceId)}${view === 'pdf' ? '/pdf' : ''}`);
}
