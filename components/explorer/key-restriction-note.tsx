'use client';

import { scopesInWords } from '@/components/keys/key-scopes-in-words';
import { keyRestrictionAction } from '@/lib/actions/api-keys';
import { useFetched } from '@/components/explorer/use-fetched';

function allows(scopes: readonly string[], path: string): boolean {
  if (scopes.length === 0 || path === '/v1/batch' || path.startsWith('/v1/account/')) return true;
  return scopes.includes(path) || scopes.includes(path.split('/')[2] ?? '');
}

/**
 * The explorer's warning before a call is sent: the key in its field is restricted and the chosen
 * endpoint is outside it (the call would answer 403 key_not_permitted), or the key has expired.
 */
export function KeyRestrictionNote({ apiKey, path }: { apiKey: string; path: string }) {
  const { data } = useFetched(apiKey.startsWith('ak_') ? `key-restriction:${apiKey}` : null, () =>
    keyRestrictionAction(apiKey),
  );
  if (!data) return null;
  const expired = data.expiresAt !== null && new Date(data.expiresAt).getTime() <= Date.now();
  if (!expired && allows(data.scopes, path)) return null;
  return (
    <p
      role="note"
      data-testid="key-restriction-note"
      className="rounded-md border border-warning bg-warning-soft px-3 py-2 text-sm"
    >
      {expired
        ? 'This key has expired: calls with it answer 401 expired_api_key. Use another key.'
        : `This key may call only ${scopesInWords(data.scopes)}: ${path} will answer 403 key_not_permitted. Use another key.`}
    </p>
  );
}
