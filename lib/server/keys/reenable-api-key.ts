import 'server-only';

import type { ApiKeyRecord, KeyActor } from './api-key-select';
import { changeApiKeyStatus } from './change-api-key-status';

export type ReenableApiKeyOptions = { accountId: string; keyId: string; actor: KeyActor };

/** revoked → active: the key works again. */
export async function reenableApiKey(options: ReenableApiKeyOptions): Promise<ApiKeyRecord> {
  return changeApiKeyStatus({
    ...options,
    transition: {
      from: ['revoked'],
      to: 'active',
      event: 'reenabled',
      refusal: { active: 'This key is already active' },
    },
  });
}
