import 'server-only';

import type { ApiKeyRecord, KeyActor } from './api-key-select';
import { changeApiKeyStatus } from './change-api-key-status';

export type DeleteApiKeyOptions = { accountId: string; keyId: string; actor: KeyActor };

/**
 * active or revoked → deleted, permanently. The row stays (its hash keeps answering
 * invalid_api_key and its events stay in the activity list) but it no longer counts toward
 * the limit and no transition leads out of it.
 */
export async function deleteApiKey(options: DeleteApiKeyOptions): Promise<ApiKeyRecord> {
  return changeApiKeyStatus({
    ...options,
    transition: { from: ['active', 'revoked'], to: 'deleted', event: 'deleted', refusal: {} },
  });
}
