import type { ReactNode } from 'react';

/** A view's data that is read again while the page is open. */
interface AutoRefreshSpec<T> {
  queryKey: readonly unknown[];
  fetch: () => Promise<T>;
  /** What the server rendered the page with. */
  initial: T;
  /** How often to read it again; false: never (e.g. a closed month). */
  refreshMs: number | false;
}

export interface RefreshState {
  isFetching: boolean;
  error: Error | null;
}

export interface AutoRefreshProps<T> {
  spec: AutoRefreshSpec<T>;
  render: (data: T, state: RefreshState) => ReactNode;
}

/** What the query reports to the view, for the query key `key` (JSON). */
export interface Reported<T> extends RefreshState {
  key: string;
  data: T;
}

export interface QuerySyncProps<T> {
  spec: AutoRefreshSpec<T>;
  onChange: (reported: Reported<T>) => void;
}

/** A list read a page at a time, newest first. */
export interface RefreshablePagesSpec<P> {
  queryKey: readonly unknown[];
  /** The page after `cursor` (null: the first page). */
  fetchPage: (cursor: string | null) => Promise<P>;
  /** The cursor of the page after `page`, or null at the end. */
  nextCursor: (page: P) => string | null;
  /** The first page, as the server rendered it. */
  initial: P;
}

export interface PagesState<P> {
  pages: P[];
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  error: Error | null;
  /** Reads the list again from the first page. */
  refetch: () => void;
  fetchNextPage: () => void;
}

/** What the visitor asked for that needed the query: the list again, or the next page. */
export type PagesAction = 'refetch' | 'next';

export interface PagesSyncProps<P> {
  spec: RefreshablePagesSpec<P>;
  /** The request that loaded the query, carried out once it is mounted. */
  action: PagesAction;
  onChange: (reported: PagesState<P> & { key: string }) => void;
}
