'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/** TanStack Query for the docs' list of live families (read once the page is open). The console's
 * views that refresh on their own load it later, through components/auto-refresh/auto-refresh.tsx. */
export function Providers({ children }: { children: ReactNode }) {
  // One client per browser tab, created once (not per render).
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }),
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
