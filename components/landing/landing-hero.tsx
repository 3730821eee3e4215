// The landing page's opening: what the API is, and the two ways on (an account, the reference).
import Link from 'next/link';

import { buttonClasses } from '@/components/ui/button';

export function LandingHero() {
  return (
    <section aria-labelledby="hero-title" className="flex flex-col gap-5">
      <h1 id="hero-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        Real-time public data through one API
      </h1>
      <p className="max-w-2xl text-lg text-muted">
        Products and sellers, profiles and posts, videos, comments, forum threads, newsletters and news articles, as
        clean JSON. Create a key, send it in the <code className="font-mono">X-API-Key</code> header, and pay only for
        what you use.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link href="/sign-up" className={buttonClasses('primary')}>
          Create a free account
        </Link>
        <Link href="/docs" className={buttonClasses('secondary')}>
          Read the API reference
        </Link>
      </div>
    </section>
  );
}
