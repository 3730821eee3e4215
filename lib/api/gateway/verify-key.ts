// GET /v1/account/verify: whether the key works, what it is and may do (its restriction, expiry
// and monthly limit), and the account's state. Free and not counted. A blocked account is
// answered here (200, valid false) so callers can see why.
import type { z } from 'zod';
import { formatAmount } from '@/lib/money';
import type { verifyResponseSchema } from '../registry/platform';
import type { Caller } from './auth-directory';
import type { CallOutcome } from './respond';

export function verifyKey(caller: Caller): CallOutcome {
  const { key, account } = caller;
  const limit = key.monthlyLimitMicros;
  const body: z.infer<typeof verifyResponseSchema> = {
    valid: !account.blocked,
    key: {
      name: key.name,
      prefix: key.prefix,
      last4: key.last4,
      status: 'active',
      restricted_to: key.scopes.length > 0 ? [...key.scopes] : null,
      expires_at: key.expiresAt === null ? null : new Date(key.expiresAt).toISOString(),
      monthly_limit_micros: limit,
      monthly_limit: limit === null ? null : formatAmount(limit),
    },
    account: {
      status: account.blocked ? 'blocked' : 'active',
      payment_method: account.hasPaymentMethod || account.billingByInvoice,
      billing: account.billingByInvoice
        ? 'invoice'
        : account.prepaid
          ? 'prepaid'
          : account.hasPaymentMethod
            ? 'card'
            : 'free_tier_only',
    },
  };
  return { status: 200, body, headers: {} };
}
