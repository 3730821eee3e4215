import 'server-only';

import { db } from '@/lib/db';

import { apiKeyPublicSelect, type ApiKeyRecord } from './api-key-select';

export type ListApiKeysOptions = { accountId: string };

/** The account's keys that still exist (active and revoked), newest first. */
export async function listApiKeys({ accountId }: ListApiKeysOptions): Promise<ApiKeyRecord[]> {
  return db.apiKey.findMany({
    where: { accountId, status: { not: 'deleted' } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: apiKeyPublicSelect,
  });
}
