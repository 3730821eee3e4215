// The console's usage numbers that a call changes, as TanStack Query keys: the usage pages
// (['usage', …]: components/usage) and the console home (['dashboard']: components/dashboard-home).
// The explorer's own free-units query sits under ['usage'], so one invalidation refreshes it too.
import type { QueryClient } from '@tanstack/react-query';

import type { getFreeUnitsLeft } from '@/lib/server/usage/get-free-units-left';

export type FreeUnitsLeft = Awaited<ReturnType<typeof getFreeUnitsLeft>>;

export function freeUnitsQueryKey(path: string) {
  return ['usage', 'free-units', path] as const;
}

export async function fetchFreeUnits(path: string): Promise<FreeUnitsLeft> {
  const response = await fetch(`/api/usage/free-units?${new URLSearchParams({ endpoint: path })}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(((await response.json().catch(() => null)) as { error?: string } | null)?.error ?? `HTTP ${response.status}`);
  return (await response.json()) as FreeUnitsLeft;
}

/** After a call: every usage number shown anywhere in the console is read again. */
export async function invalidateUsage(client: QueryClient): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: ['usage'] }), client.invalidateQueries({ queryKey: ['dashboard'] })]);
}
