'use client';

import { useId, useMemo, useState } from 'react';

import { searchPicker, type PickerGroup } from '@/lib/explorer/picker';

/** Every endpoint by group (a data family, or the platform endpoints), searchable by path or summary words, with price and paging. */
export function EndpointPicker({
  groups,
  selected,
  onSelect,
}: {
  groups: readonly PickerGroup[];
  selected: string;
  onSelect: (path: string) => void;
}) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const shown = useMemo(() => searchPicker(groups, query), [groups, query]);
  const count = shown.reduce((n, g) => n + g.entries.length, 0);
  return (
    <nav aria-label="Endpoints" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search endpoints
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Path or words, e.g. forum posts"
          className="min-h-10 w-full rounded-md border border-border bg-raised px-3 text-base text-fg placeholder:text-muted"
        />
        <p aria-live="polite" className="text-xs text-muted">
          {count} endpoint{count === 1 ? '' : 's'}
        </p>
      </div>
      <div className="flex max-h-80 flex-col gap-4 overflow-y-auto rounded-md border border-border bg-surface p-2 lg:max-h-[calc(100dvh-12rem)]">
        {shown.length === 0 ? <p className="p-2 text-sm text-muted">No endpoint matches “{query}”.</p> : null}
        {shown.map((group) => (
          <div key={group.id} className="flex flex-col gap-1">
            <h2 id={`picker-${group.id}`} className="px-2 text-xs font-semibold uppercase tracking-wide text-muted">
              {group.title}
            </h2>
            <ul aria-labelledby={`picker-${group.id}`} className="flex flex-col gap-1">
              {group.entries.map((entry) => {
                const current = entry.path === selected;
                return (
                  <li key={entry.path}>
                    <button
                      type="button"
                      aria-current={current ? 'true' : undefined}
                      onClick={() => onSelect(entry.path)}
                      className={`flex w-full flex-col gap-0.5 rounded-md border px-2 py-1.5 text-left text-sm ${
                        current ? 'border-primary bg-raised' : 'border-transparent hover:bg-raised'
                      }`}
                    >
                      <span className="break-all font-mono text-xs font-semibold">
                        {entry.method === 'POST' ? 'POST ' : ''}
                        {entry.path}
                      </span>
                      <span className="text-xs text-muted">{entry.summary}</span>
                      <span className="text-xs" data-money="price">
                        {entry.price}
                        {entry.paging ? <span className="text-muted"> · {entry.paging}</span> : null}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
