import Link from 'next/link';
import type { ReactNode } from 'react';

import { ThemeToggle } from '@/components/layout/theme-toggle';
import { buttonClasses } from '@/components/ui/button';

// The reference is public (no sign-in), so it has its own header rather than the console's.
export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border bg-bg">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-3 sm:px-6">
          <Link href="/" className="mr-2 shrink-0 font-semibold">
            <span className="hidden sm:inline">Public Data API</span>
            <span className="sm:hidden">PDA</span>
          </Link>
          <nav aria-label="Site" className="flex min-w-0 items-center gap-1 text-sm">
            <Link
              href="/docs"
              aria-current="page"
              className="rounded-md bg-surface px-2 py-2 font-medium underline decoration-2 underline-offset-4"
            >
              Reference
            </Link>
            <Link href="/explorer" className="rounded-md px-2 py-2 font-medium text-muted hover:bg-surface">
              Explorer
            </Link>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
            <Link href="/keys" className={buttonClasses('secondary', 'sm')}>
              Console
            </Link>
          </div>
        </div>
      </header>
      {children}
    </div>
  );
}
