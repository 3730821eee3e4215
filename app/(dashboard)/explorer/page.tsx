import type { Metadata } from 'next';

import { ComingSoon } from '@/components/coming-soon';
import { requireSession } from '@/lib/server/auth/require-session';

export const metadata: Metadata = { title: 'Explorer' };

export default async function ExplorerPage() {
  await requireSession();
  return <ComingSoon title="Explorer" description="Try any endpoint with one of your keys and see the response, right here." />;
}
