'use client';

import { useState, type ReactNode } from 'react';

import { childPath, matches, type JsonPath } from '@/lib/explorer/json-view';

/** How deep the tree starts open; deeper nodes render their children only once opened. */
const OPEN_DEPTH = 2;
/** Items of an array rendered at once; more appear on request. */
const ITEM_BATCH = 100;

function Highlight({ text, query }: { text: string; query: string }) {
  return matches(text, query) ? (
    <mark className="rounded bg-warning-soft text-fg ring-1 ring-warning">{text}</mark>
  ) : (
    text
  );
}

function Scalar({ value, query }: { value: unknown; query: string }) {
  const text = value === null ? 'null' : typeof value === 'string' ? JSON.stringify(value) : String(value);
  const color = typeof value === 'string' ? 'text-success' : value === null ? 'text-muted' : 'text-primary';
  return (
    <span className={`break-all ${color}`}>
      <Highlight text={text} query={query} />
    </span>
  );
}

interface NodeProps {
  name: string | null;
  value: unknown;
  path: JsonPath;
  depth: number;
  query: string;
  openPaths: Set<JsonPath>;
  openDepth: number;
}

function Node({ name, value, path, depth, query, openPaths, openDepth }: NodeProps) {
  const label =
    name === null ? null : (
      <span className="text-fg">
        <Highlight text={name} query={query} />:{' '}
      </span>
    );
  if (value === null || typeof value !== 'object') {
    return (
      <li className="pl-4">
        {label}
        <Scalar value={value} query={query} />
      </li>
    );
  }
  return (
    <Branch
      label={label}
      value={value}
      path={path}
      depth={depth}
      query={query}
      openPaths={openPaths}
      openDepth={openDepth}
    />
  );
}

function Branch({
  label,
  value,
  path,
  depth,
  query,
  openPaths,
  openDepth,
}: Omit<NodeProps, 'name'> & { label: ReactNode; value: object }) {
  const [open, setOpen] = useState(depth < openDepth);
  const [limit, setLimit] = useState(ITEM_BATCH);
  const isArray = Array.isArray(value);
  const entries = isArray ? (value as unknown[]).map((v, i) => [String(i), v] as const) : Object.entries(value);
  const searchOpen = openPaths.has(path);
  const shown = open || searchOpen;
  const summary = isArray
    ? `[${entries.length} item${entries.length === 1 ? '' : 's'}]`
    : `{${entries.length} field${entries.length === 1 ? '' : 's'}}`;
  return (
    <li className="pl-4">
      <details open={shown} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer select-none rounded hover:bg-surface">
          {label}
          <span className="text-muted">{summary}</span>
        </summary>
        {shown ? (
          <ul className="border-l border-border">
            {entries.slice(0, searchOpen ? entries.length : limit).map(([k, v]) => (
              <Node
                key={k}
                name={isArray ? null : k}
                value={v}
                path={childPath(path, k)}
                depth={depth + 1}
                query={query}
                openPaths={openPaths}
                openDepth={openDepth}
              />
            ))}
            {!searchOpen && entries.length > limit ? (
              <li className="pl-4">
                <button
                  type="button"
                  className="text-primary underline"
                  onClick={() => setLimit((l) => l + ITEM_BATCH)}
                >
                  Show {Math.min(ITEM_BATCH, entries.length - limit)} more of {entries.length - limit}
                </button>
              </li>
            ) : null}
          </ul>
        ) : null}
      </details>
    </li>
  );
}

/** A collapsible JSON tree; nodes on the way to a search match open and the matches are marked. */
export function JsonTree({
  value,
  query,
  openPaths,
  openDepth = OPEN_DEPTH,
}: {
  value: unknown;
  query: string;
  openPaths: Set<JsonPath>;
  openDepth?: number;
}) {
  return (
    <ul className="-ml-4 font-mono text-xs leading-relaxed">
      <Node name={null} value={value} path="" depth={0} query={query} openPaths={openPaths} openDepth={openDepth} />
    </ul>
  );
}
