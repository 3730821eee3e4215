// The landing page's header: the name, and the way to the reference and to sign in.
import Link from 'next/link';

import { ThemeToggle } from '@/components/layout/theme-toggle';
import { buttonClasses } from '@/components/ui/button';

export function LandingHeader() {
  return (
    <header className="border-b border-border">
      <div className="mx-auto flex w-full max-w-4xl items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <span className="font-semibold sm:text-lg">Public Data API</span>
        <div className="flex items-center gap-1 sm:gap-2">
          <Link href="/docs" className={buttonClasses('ghost', 'sm')}>
            Docs
          </Link>
          <ThemeToggle />
          <Link href="/sign-in" className={buttonClasses('ghost', 'sm')}>
            Sign in
          </Link>
        </div>
      </div>
    </header>
  );
}
