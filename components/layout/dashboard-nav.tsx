'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

const CONSOLE_NAV = [
  { href: '/dashboard', label: 'Home' },
  { href: '/keys', label: 'API keys' },
  { href: '/usage', label: 'Usage' },
  { href: '/billing', label: 'Billing' },
  { href: '/explorer', label: 'Explorer' },
  { href: '/docs', label: 'Docs' },
] as const;

/**
 * The console's sections: a row of links on wide screens, a disclosure menu on phones.
 */
export function DashboardNav() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Close the phone menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing the menu is what a new pathname triggers
  useEffect(() => setOpen(false), [pathname]);
  // While open, Escape closes it (focus back on its button) and so does a tap anywhere outside.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const links = (
    <ul className="flex flex-col gap-1 md:flex-row md:items-center">
      {CONSOLE_NAV.map((item) => {
        const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={current ? 'page' : undefined}
              className={`block rounded-md px-3 py-2 text-sm font-medium hover:bg-surface ${
                current ? 'bg-surface text-fg underline decoration-2 underline-offset-4' : 'text-muted'
              }`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );

  return (
    <nav ref={navRef} aria-label="Console" className="md:flex-1">
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex min-h-9 items-center gap-2 rounded-md border border-border bg-raised px-3 text-sm font-medium md:hidden"
        aria-expanded={open}
        aria-controls="console-nav-links"
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">☰</span> Menu
      </button>
      <div
        id="console-nav-links"
        className={`${open ? 'block' : 'hidden'} absolute inset-x-0 top-full z-20 border-b border-border bg-bg p-3 shadow-md md:static md:block md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
      >
        {links}
      </div>
    </nav>
  );
}
