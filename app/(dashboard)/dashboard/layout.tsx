import type { ReactNode } from 'react';

import { Providers } from '@/components/providers';

// TanStack Query for this section's views that refresh on their own; the console's other pages
// (keys, billing, settings) ship without it (issue 31, item 4: first-load JS).
export default function QueryLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}
