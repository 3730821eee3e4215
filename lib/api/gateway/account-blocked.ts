// The 403 account_blocked, saying what the console's banner says: why the account is blocked,
// the amount due and where to settle it. Both are derived with the block itself
// (Account.blockedReason and blockedDueCents, refresh-account-standing.ts), so this reads one row;
// only blocked accounts' calls come here, and the auth cache does not hold them anyway.
import type pg from 'pg';
import { formatCents } from '@/lib/money';
import { ApiError, errorText } from '../errors';
import { billingPageUrl } from './console-links';

export async function accountBlocked(pool: pg.Pool, accountId: string): Promise<ApiError> {
  const { rows } = await pool.query<{ blockedReason: string | null; blockedDueCents: number | null }>(
    'SELECT "blockedReason", "blockedDueCents" FROM "Account" WHERE id = $1',
    [accountId],
  );
  const reason = rows[0]?.blockedReason;
  if (!reason) return new ApiError('account_blocked', errorText.account_blocked);
  const due = rows[0]!.blockedDueCents ?? 0;
  const settle =
    due > 0
      ? `Due now: ${formatCents(due)}. Pay it at ${billingPageUrl()} (update the payment method there) to continue.`
      : `See ${billingPageUrl()}.`;
  return new ApiError('account_blocked', `Account blocked: ${reason} ${settle}`);
}
