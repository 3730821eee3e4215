// GET /v1/account/verify: whether the key works, what it is, and the account's state. Free and
// not counted. A blocked account is answered here (200, valid false) so callers can see why.
import type { z } from 'zod';
import type { verifyResponseSchema } from '../registry/platform';
import type { Caller } from './auth-directory';
import type { CallOutcome } from './respond';

export function verifyKey(caller: Caller): CallOutcome {
  const { key, account } = caller;
  const body: z.infer<typeof verifyResponseSchema> = {
    valid: !account.blocked,
    key: { name: key.name, prefix: key.prefix, last4: key.last4, status: 'active' },
    account: {
      status: account.blocked ? 'blocked' : 'active',
      payment_method: account.hasPaymentMethod || account.billingByInvoice,
      billing: account.billingByInvoice ? 'invoice' : account.hasPaymentMethod ? 'card' : 'free_tier_only',
    },
  };
  return { status: 200, body, headers: {} };
}
