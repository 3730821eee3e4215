import Link from 'next/link';
import type { ReactNode } from 'react';

/** The frame of the sign-in and sign-up pages. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <Link href="/" className="mb-6 text-lg font-semibold">
        Public Data API
      </Link>
      <main id="main" className="w-full max-w-sm rounded-lg border border-border bg-raised p-6 shadow-sm">
        <h1 className="mb-5 text-xl font-semibold">{title}</h1>
        {children}
        <div className="mt-6 text-sm text-muted">{footer}</div>
      </main>
    </div>
  );
}
