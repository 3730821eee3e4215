import 'server-only';

import { db } from '@/lib/db';

export type UsageKey = {
  id: string;
  name: string | null;
  /** As the keys page shows a key: its prefix and last four, `ak_live_AbCd…wxyz`. */
  display: string;
  status: 'active' | 'revoked' | 'deleted';
};

export type ListUsageKeysOptions = { accountId: string };

/** Every key the account has had (deleted ones too: their usage stays), oldest first. */
export async function listUsageKeys({ accountId }: ListUsageKeysOptions): Promise<UsageKey[]> {
  const keys = await db.apiKey.findMany({
    where: { accountId },
    orderBy: { createdAt: 'asc' },
    select: { id: true, name: true, prefix: true, last4: true, status: true },
  });
  return keys.map((k) => ({ id: k.id, name: k.name, display: `${k.prefix}…${k.last4}`, status: k.status }));
}

export { usageKeyLabel } from '@/lib/usage-key-label';
