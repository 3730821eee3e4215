// The explorer's free-units read, which a call changes. The usage pages and the console home
// read theirs afresh when opened (server-rendered, then refreshed by TanStack Query there).
import type { getFreeUnitsLeft } from '@/lib/server/usage/get-free-units-left';

import { invalidateFetched } from './use-fetched';

export type FreeUnitsLeft = Awaited<ReturnType<typeof getFreeUnitsLeft>>;

export function freeUnitsKey(path: string): string {
  return `usage:free-units:${path}`;
}

export async function fetchFreeUnits(path: string): Promise<FreeUnitsLeft> {
  const response = await fetch(`/api/usage/free-units?${new URLSearchParams({ endpoint: path })}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok)
    throw new Error(
      ((await response.json().catch(() => null)) as { error?: string } | null)?.error ?? `HTTP ${response.status}`,
    );
  return (await response.json()) as FreeUnitsLeft;
}

/** After a call: the explorer's usage numbers are read again. */
export function invalidateUsage(): void {
  invalidateFetched('usage:');
}
