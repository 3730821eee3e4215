import type { Metadata } from 'next';

import { MarkdownPage } from '@/components/layout/markdown-page';
import { PublicPage } from '@/components/layout/public-page';

export const metadata: Metadata = { title: 'Privacy policy' };

// Rendered on each request: the operator's identity comes from the running server's settings
// (OPERATOR_NAME and the others), and content/*.md may be edited without a rebuild.
export const dynamic = 'force-dynamic';

// GET /privacy: the privacy policy, from content/privacy.md (the operator edits it).
export default function PrivacyPage() {
  return (
    <PublicPage>
      <MarkdownPage file="privacy.md" />
    </PublicPage>
  );
}
