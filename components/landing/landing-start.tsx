// The landing page's last word: start with the free tier.
import Link from 'next/link';

import { buttonClasses } from '@/components/ui/button';

export function LandingStart() {
  return (
    <section
      aria-labelledby="start-title"
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-6"
    >
      <h2 id="start-title" className="text-xl font-semibold">
        Start with the free tier
      </h2>
      <p className="text-muted">
        Sign up, create a key and make your first calls in a minute. No card needed until you go past the free tier.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link href="/sign-up" className={buttonClasses('primary')}>
          Create a free account
        </Link>
        <Link href="/sign-in" className={buttonClasses('secondary')}>
          Sign in
        </Link>
      </div>
    </section>
  );
}
