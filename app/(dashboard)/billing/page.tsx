import type { Metadata } from 'next';

import { ComingSoon } from '@/components/coming-soon';
import { requireSession } from '@/lib/server/auth/require-session';

export const metadata: Metadata = { title: 'Billing' };

export default async function BillingPage() {
  await requireSession();
  return <ComingSoon title="Billing" description="Your payment method, invoices and current charges will appear here." />;
}
