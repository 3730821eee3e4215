// The fields of a key the console may see: never the hash.
import type { Prisma } from '@/lib/generated/prisma/client';

export const apiKeyPublicSelect = {
  id: true,
  name: true,
  prefix: true,
  last4: true,
  status: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  expiresAt: true,
  scopes: true,
  monthlyLimitMicros: true,
  // The roll lineage: the keys page lists a key beside the one that replaces it.
  rootKeyId: true,
} satisfies Prisma.ApiKeySelect;

export type ApiKeyRecord = Prisma.ApiKeyGetPayload<{ select: typeof apiKeyPublicSelect }>;

/** Who changed a key: a user (id and email) or the operator command line (id null). */
export type KeyActor = { id: string | null; label: string };

/** Keys that count toward the ten and whose names are taken: not deleted and not past their end. */
export function liveKeyWhere(accountId: string, now: Date) {
  return {
    accountId,
    status: { not: 'deleted' as const },
    OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
  } satisfies Prisma.ApiKeyWhereInput;
}
