import Link from 'next/link';

/** The usage section's two views. */
export function UsageTabs({ current }: { current: 'overview' | 'requests' }) {
  const tabs = [
    { id: 'overview', href: '/usage', label: 'Overview' },
    { id: 'requests', href: '/usage/requests', label: 'Request log' },
  ] as const;
  return (
    <nav aria-label="Usage views" className="border-b border-border">
      <ul className="-mb-px flex gap-1">
        {tabs.map((t) => (
          <li key={t.id}>
            <Link
              href={t.href}
              aria-current={current === t.id ? 'page' : undefined}
              className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${current === t.id ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg'}`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
