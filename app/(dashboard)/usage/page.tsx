import type { Metadata } from 'next';

import { ComingSoon } from '@/components/coming-soon';
import { requireSession } from '@/lib/server/auth/require-session';

export const metadata: Metadata = { title: 'Usage' };

export default async function UsagePage() {
  await requireSession();
  return <ComingSoon title="Usage" description="Requests, billed units and free-tier use per endpoint and month will appear here." />;
}
