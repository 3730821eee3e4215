'use client';

import Link from 'next/link';
import { useEffect, useRef } from 'react';

import { signOutAction } from '@/lib/actions/auth';
import { discardExplorerStateOfOthers, forgetExplorerState } from '@/lib/explorer/forget-explorer-state';

/**
 * The signed-in email and sign-out, in a disclosure that closes on Escape or outside click.
 * Sign-out erases the explorer's key and history in this browser; and any console page erases
 * what another user left there (a shared browser whose last user did not sign out).
 */
export function AccountMenu({ email, userId }: { email: string; userId: string }) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => discardExplorerStateOfOthers(userId), [userId]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        details.open = false;
        details.querySelector('summary')?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);

  return (
    <details ref={ref} className="relative">
      <summary className="inline-flex min-h-9 max-w-[7.5rem] cursor-pointer list-none items-center gap-1 rounded-md border border-border bg-raised px-3 text-sm font-medium sm:max-w-[16rem] [&::-webkit-details-marker]:hidden">
        <span className="sr-only">Account: </span>
        <span className="truncate">{email}</span>
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-64 rounded-lg border border-border bg-raised p-3 shadow-lg">
        <p className="text-xs text-muted">Signed in as</p>
        <p className="mb-3 break-all text-sm font-medium">{email}</p>
        <Link
          href="/settings"
          className="mb-2 block rounded-md border border-border px-3 py-2 text-sm hover:bg-surface"
        >
          Account settings
        </Link>
        <form action={signOutAction} onSubmit={forgetExplorerState}>
          <button
            type="submit"
            className="w-full rounded-md border border-border px-3 py-2 text-left text-sm hover:bg-surface"
          >
            Sign out
          </button>
        </form>
      </div>
    </details>
  );
}
