import type { EndpointModel } from '@/lib/docs/endpoint-model';
import { anchorOf } from '@/lib/docs/endpoint-model';

const introLinks = [
  { id: 'authentication', label: 'Authentication' },
  { id: 'errors', label: 'Errors' },
  { id: 'billing', label: 'Billing and free tier' },
  { id: 'limits', label: 'Limits and retries' },
  { id: 'versioning', label: 'Versioning' },
];

/** Grouped as the reference lists them (a data family, or the platform endpoints), in registry order. */
function groupEndpoints<T extends Pick<EndpointModel, 'group' | 'groupTitle'>>(
  items: readonly T[],
): { id: string; title: string; items: T[] }[] {
  const groups = new Map<string, { id: string; title: string; items: T[] }>();
  for (const item of items) {
    const group = groups.get(item.group) ?? { id: item.group, title: item.groupTitle, items: [] };
    group.items.push(item);
    groups.set(item.group, group);
  }
  return [...groups.values()];
}

function Links({ endpoints }: { endpoints: readonly EndpointModel[] }) {
  return (
    <div className="flex flex-col gap-4 text-sm">
      <ul className="flex flex-col gap-1">
        {introLinks.map((link) => (
          <li key={link.id}>
            <a href={`#${link.id}`} className="text-muted hover:text-fg hover:underline">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      {groupEndpoints(endpoints).map((group) => (
        <div key={group.id}>
          <p id={`nav-${group.id}`} className="font-semibold">
            {group.title}
          </p>
          <ul aria-labelledby={`nav-${group.id}`} className="mt-1 flex flex-col gap-1 border-l border-border pl-3">
            {group.items.map((e) => (
              <li key={e.path}>
                <a
                  href={`#${anchorOf(e.path)}`}
                  className="block break-all font-mono text-xs text-muted hover:text-fg hover:underline"
                >
                  {e.path.replace(/^\/v1/, '')}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The reference's contents: a column on wide screens, a disclosure on phones. No JavaScript. */
export function DocsSidebar({ endpoints }: { endpoints: readonly EndpointModel[] }) {
  return (
    <>
      <details className="rounded-md border border-border bg-surface p-3 lg:hidden">
        <summary className="cursor-pointer font-medium">Contents</summary>
        <nav aria-label="Reference contents (compact)" className="mt-3">
          <Links endpoints={endpoints} />
        </nav>
      </details>
      <nav
        aria-label="Reference contents"
        className="sticky top-4 hidden max-h-[calc(100dvh-2rem)] w-60 shrink-0 overflow-y-auto pr-2 lg:block"
      >
        <Links endpoints={endpoints} />
      </nav>
    </>
  );
}
