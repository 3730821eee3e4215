'use client';

// TanStack Query for the views in ./auto-refresh.tsx, loaded when a view first refreshes. These components
// render nothing: they report the query's state to the view, which stays mounted (focus and typed
// text survive the switch). One client per tab, shared by every view (loaded in the browser only).
import { QueryClient, QueryClientProvider, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';

import type { PagesSyncProps, QuerySyncProps } from './types';

let client: QueryClient | undefined;
const queryClient = () => (client ??= new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));

function Sync<T>({ spec, onChange }: QuerySyncProps<T>): null {
  const { data, isFetching, error } = useQuery({
    queryKey: spec.queryKey,
    queryFn: spec.fetch,
    initialData: spec.initial,
    // The server's data counts as old: this mounts because a refresh is due.
    initialDataUpdatedAt: 0,
    staleTime: spec.refreshMs === false ? Infinity : 0,
    refetchInterval: spec.refreshMs,
  });
  const key = JSON.stringify(spec.queryKey);
  useEffect(
    () => onChange({ key, data: data ?? spec.initial, isFetching, error }),
    [key, data, spec.initial, isFetching, error, onChange],
  );
  return null;
}

export function QuerySync<T>(props: QuerySyncProps<T>): ReactNode {
  return (
    <QueryClientProvider client={queryClient()}>
      <Sync {...props} />
    </QueryClientProvider>
  );
}

function PagesSync<P>({ spec, action, onChange }: PagesSyncProps<P>): null {
  const query = useInfiniteQuery({
    queryKey: spec.queryKey,
    queryFn: ({ pageParam }) => spec.fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: spec.nextCursor,
    initialData: { pages: [spec.initial], pageParams: [null] },
    staleTime: Infinity,
  });
  const { data, hasNextPage, isFetching, isFetchingNextPage, error, refetch, fetchNextPage } = query;
  // The request that loaded this module, once (refs outlive React's strict re-mount).
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (action === 'refetch') void refetch();
    else void fetchNextPage();
  }, [action, refetch, fetchNextPage]);
  const key = JSON.stringify(spec.queryKey);
  useEffect(
    () =>
      onChange({
        key,
        pages: data.pages,
        hasNextPage,
        isFetching,
        isFetchingNextPage,
        error,
        refetch: () => void refetch(),
        fetchNextPage: () => void fetchNextPage(),
      }),
    [key, data, hasNextPage, isFetching, isFetchingNextPage, error, refetch, fetchNextPage, onChange],
  );
  return null;
}

export function QueryPagesSync<P>(props: PagesSyncProps<P>): ReactNode {
  return (
    <QueryClientProvider client={queryClient()}>
      <PagesSync {...props} />
    </QueryClientProvider>
  );
}
