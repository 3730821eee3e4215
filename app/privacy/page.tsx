import type { Metadata } from 'next';

import { MarkdownPage } from '@/components/markdown-page';
import { PublicPage } from '@/components/public-page';

export const metadata: Metadata = { title: 'Privacy policy' };

// GET /privacy: the privacy policy, from content/privacy.md (the operator edits it).
export default function PrivacyPage() {
  return (
    <PublicPage>
      <MarkdownPage file="privacy.md" />
    </PublicPage>
  );
}
