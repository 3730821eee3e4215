import 'server-only';

import { hashApiKey, isApiKeyFormat } from '@/lib/api-key';
import { db } from '@/lib/db';

export type FindKeyRestrictionOptions = { accountId: string; apiKey: string };

/**
 * What the explorer needs to warn before sending: the scopes and end of a key given in plaintext,
 * only when it is one of the account's own live keys (any other key answers null, like no key).
 */
export async function findKeyRestriction({
  accountId,
  apiKey,
}: FindKeyRestrictionOptions): Promise<{ scopes: string[]; expiresAt: Date | null } | null> {
  if (!isApiKeyFormat(apiKey)) return null;
  return db.apiKey.findFirst({
    where: { accountId, hash: hashApiKey(apiKey), status: { not: 'deleted' } },
    select: { scopes: true, expiresAt: true },
  });
}
