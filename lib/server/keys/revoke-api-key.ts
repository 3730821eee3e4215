import 'server-only';

import type { ApiKeyRecord, KeyActor } from './api-key-select';
import { changeApiKeyStatus } from './change-api-key-status';

export type RevokeApiKeyOptions = { accountId: string; keyId: string; actor: KeyActor };

/** active → revoked: the key stops working at once and can be re-enabled later. */
export async function revokeApiKey(options: RevokeApiKeyOptions): Promise<ApiKeyRecord> {
  return changeApiKeyStatus({
    ...options,
    transition: {
      from: ['active'],
      to: 'revoked',
      event: 'revoked',
      refusal: { revoked: 'This key is already revoked' },
    },
  });
}
