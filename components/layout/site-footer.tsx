import Link from 'next/link';

// `plain`: not a page of the app (a JSON document), so a plain link rather than client navigation.
const LINKS: readonly { href: string; label: string; plain?: boolean }[] = [
  { href: '/docs', label: 'API reference' },
  { href: '/v1/openapi.json', label: 'OpenAPI document', plain: true },
  { href: '/#pricing', label: 'Pricing' },
  { href: '/status', label: 'Status' },
  { href: '/sign-up', label: 'Create an account' },
  { href: '/sign-in', label: 'Sign in' },
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
];

const linkClass = 'text-fg underline underline-offset-4 hover:text-primary';

/** The public pages' footer. */
export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="flex flex-col gap-1">
          <p className="font-semibold">Public Data API</p>
          <p className="text-muted">Real-time public data, billed per call.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {LINKS.map((link) => (
              <li key={link.href}>
                {link.plain ? (
                  <a href={link.href} className={linkClass}>
                    {link.label}
                  </a>
                ) : (
                  <Link href={link.href} className={linkClass}>
                    {link.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
