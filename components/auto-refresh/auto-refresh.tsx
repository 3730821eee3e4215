'use client';

// Views that refresh on their own (the dashboard, /usage, the request log) render the server's
// data first and load TanStack Query (about 9 kB gzip, in ./query.tsx) only when it is first
// needed: the first refresh is due, the tab comes back into view, or the visitor asks for more (a
// button). Their first load ships without it (the first-load budget: at most 150 kB a page). The view
// stays mounted throughout; the query, once loaded, reports its state to it.
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

import type {
  PagesState,
  RefreshablePagesSpec,
  AutoRefreshProps,
  RefreshState,
  PagesAction,
  PagesSyncProps,
  QuerySyncProps,
  Reported,
} from './types';

export type { PagesState, RefreshState } from './types';

const IDLE: RefreshState = { isFetching: false, error: null };
const LOADING: RefreshState = { isFetching: true, error: null };
const UNLOADED = new Error('the refresh code could not be loaded; reload the page');

/** Calls `report` once, after the first render. */
function useOnce(report: () => void): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    report();
  });
}

/** Stands in for QuerySync when ./query.tsx cannot be loaded (e.g. offline): says so in the view. */
function SyncUnloaded({ spec, onChange }: QuerySyncProps<unknown>): null {
  useOnce(() =>
    onChange({ key: JSON.stringify(spec.queryKey), data: spec.initial, isFetching: false, error: UNLOADED }),
  );
  return null;
}

function PagesSyncUnloaded({ spec, onChange }: PagesSyncProps<unknown>): null {
  useOnce(() => onChange({ ...firstPage(spec), key: JSON.stringify(spec.queryKey), error: UNLOADED }));
  return null;
}

const QuerySync = lazy(() =>
  import('./query').then(
    (m) => ({ default: m.QuerySync as ComponentType<QuerySyncProps<unknown>> }),
    () => ({ default: SyncUnloaded }),
  ),
);

const QueryPagesSync = lazy(() =>
  import('./query').then(
    (m) => ({ default: m.QueryPagesSync as ComponentType<PagesSyncProps<unknown>> }),
    () => ({ default: PagesSyncUnloaded }),
  ),
);

/**
 * True once `refreshMs` has passed since the view mounted, or the tab has come back into view
 * (what TanStack Query itself refetches on); never when `refreshMs` is false.
 */
function useRefreshDue(refreshMs: number | false): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (due || refreshMs === false) return;
    const timer = setTimeout(() => setDue(true), refreshMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') setDue(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [due, refreshMs]);
  return due;
}

/**
 * `render(data)` with the server's data, then, from the first refresh on, with TanStack Query's
 * (`spec.queryKey`, read again every `spec.refreshMs`).
 */
export function AutoRefresh<T>({ spec, render }: AutoRefreshProps<T>): ReactNode {
  const due = useRefreshDue(spec.refreshMs);
  const [reported, setReported] = useState<Reported<T> | null>(null);
  const current = reported?.key === JSON.stringify(spec.queryKey) ? reported : null;
  const sync = { spec, onChange: setReported } as QuerySyncProps<unknown>;
  return (
    <>
      {render(current ? current.data : spec.initial, current ?? (due ? LOADING : IDLE))}
      {due ? (
        <Suspense fallback={null}>
          <QuerySync {...sync} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The server's first page, as the view shows it before the query reports. */
function firstPage<P>(spec: RefreshablePagesSpec<P>, action?: PagesAction | null): PagesState<P> {
  return {
    pages: [spec.initial],
    hasNextPage: spec.nextCursor(spec.initial) !== null,
    isFetching: Boolean(action),
    isFetchingNextPage: action === 'next',
    error: null,
    refetch: () => {},
    fetchNextPage: () => {},
  };
}

/**
 * A list read a page at a time: the server's first page, then, from the visitor's first "newer"
 * or "older" request on, TanStack Query's infinite query.
 */
export function RefreshablePages<P>({
  spec,
  render,
}: {
  spec: RefreshablePagesSpec<P>;
  render: (pages: PagesState<P>) => ReactNode;
}): ReactNode {
  const [action, setAction] = useState<PagesAction | null>(null);
  const [reported, setReported] = useState<(PagesState<P> & { key: string }) | null>(null);
  const current = reported?.key === JSON.stringify(spec.queryKey) ? reported : null;
  const pages: PagesState<P> =
    current ??
    (action
      ? firstPage(spec, reported ? null : action) // loading, or a new key's first report is on its way
      : { ...firstPage(spec), refetch: () => setAction('refetch'), fetchNextPage: () => setAction('next') });
  const sync = { spec, action, onChange: setReported } as PagesSyncProps<unknown>;
  return (
    <>
      {render(pages)}
      {action ? (
        <Suspense fallback={null}>
          <QueryPagesSync {...sync} />
        </Suspense>
      ) : null}
    </>
  );
}
