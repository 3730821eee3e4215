import Link from 'next/link';

import { ThemeToggle } from '@/components/layout/theme-toggle';
import { buttonClasses } from '@/components/ui/button';

/**
 * The public pages' header: the site's name (home), the docs, status, theme, sign-in and the
 * console (its pages send a visitor who is not signed in to sign-in first).
 */
export function SiteHeader() {
  return (
    <header className="border-b border-border">
      <nav
        aria-label="Site"
        className="mx-auto flex w-full max-w-4xl items-center justify-between gap-2 px-4 py-3 sm:px-6"
      >
        <Link href="/" className="shrink-0 font-semibold sm:text-lg">
          {/* The short form on a phone, where the header's links need the room. */}
          <span aria-hidden="true" className="sm:hidden">
            PDA
          </span>
          <span className="sr-only sm:not-sr-only">Public Data API</span>
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <Link href="/docs" className={buttonClasses('ghost', 'sm')}>
            Docs
          </Link>
          {/* In the footer too: on a phone the header keeps the room for sign-in and the console. */}
          <span className="hidden sm:inline">
            <Link href="/status" className={buttonClasses('ghost', 'sm')}>
              Status
            </Link>
          </span>
          <ThemeToggle />
          <Link href="/sign-in" className={`${buttonClasses('ghost', 'sm')} whitespace-nowrap`}>
            Sign in
          </Link>
          <Link href="/dashboard" className={buttonClasses('secondary', 'sm')}>
            Console
          </Link>
        </div>
      </nav>
    </header>
  );
}
