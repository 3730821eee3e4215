import type { Metadata } from 'next';

import { MarkdownPage } from '@/components/layout/markdown-page';
import { PublicPage } from '@/components/layout/public-page';

export const metadata: Metadata = { title: 'Terms of service' };

// Rendered on each request: the operator's identity comes from the running server's settings
// (OPERATOR_NAME and the others), and content/*.md may be edited without a rebuild.
export const dynamic = 'force-dynamic';

// GET /terms: the terms of service, from content/terms.md (the operator edits it).
export default function TermsPage() {
  return (
    <PublicPage>
      <MarkdownPage file="terms.md" />
    </PublicPage>
  );
}
