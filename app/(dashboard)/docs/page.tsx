import type { Metadata } from 'next';

import { ComingSoon } from '@/components/coming-soon';
import { requireSession } from '@/lib/server/auth/require-session';

export const metadata: Metadata = { title: 'Docs' };

export default async function DocsPage() {
  await requireSession();
  return <ComingSoon title="Docs" description="The API reference, generated from the same definitions the API runs on, will appear here." />;
}
