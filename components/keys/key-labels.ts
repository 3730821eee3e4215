import type { ApiKeyRecord } from '@/lib/server/keys/api-key-select';

/**
 * Each key's name for buttons' labels. Names are unique among live keys, but keys made before
 * that rule may share one: those (and unnamed keys) are told apart by prefix and last four.
 */
export function keyLabels(keys: ApiKeyRecord[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const key of keys)
    if (key.name) counts.set(key.name.toLowerCase(), (counts.get(key.name.toLowerCase()) ?? 0) + 1);
  return new Map(
    keys.map((key) => {
      const display = `${key.prefix}…${key.last4}`;
      if (!key.name) return [key.id, display];
      return [key.id, (counts.get(key.name.toLowerCase()) ?? 0) > 1 ? `${key.name} (${display})` : key.name];
    }),
  );
}
