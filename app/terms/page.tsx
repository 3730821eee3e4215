import type { Metadata } from 'next';

import { MarkdownPage } from '@/components/markdown-page';
import { PublicPage } from '@/components/public-page';

export const metadata: Metadata = { title: 'Terms of service' };

// GET /terms: the terms of service, from content/terms.md (the operator edits it).
export default function TermsPage() {
  return (
    <PublicPage>
      <MarkdownPage file="terms.md" />
    </PublicPage>
  );
}
