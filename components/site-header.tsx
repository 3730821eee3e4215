import Link from 'next/link';

import { ThemeToggle } from '@/components/theme-toggle';
import { buttonClasses } from '@/components/ui/button';

/** The public pages' header: the site's name (home), the docs, status, theme and sign-in. */
export function SiteHeader() {
  return (
    <header className="border-b border-border">
      <nav
        aria-label="Site"
        className="mx-auto flex w-full max-w-4xl items-center justify-between gap-2 px-4 py-3 sm:px-6"
      >
        <Link href="/" className="font-semibold sm:text-lg">
          Public Data API
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <Link href="/docs" className={buttonClasses('ghost', 'sm')}>
            Docs
          </Link>
          <Link href="/status" className={buttonClasses('ghost', 'sm')}>
            Status
          </Link>
          <ThemeToggle />
          <Link href="/sign-in" className={buttonClasses('ghost', 'sm')}>
            Sign in
          </Link>
        </div>
      </nav>
    </header>
  );
}
