import 'server-only';

import { db } from '@/lib/db';

export type AutoRechargeSettings = {
  enabled: boolean;
  thresholdMicros: bigint;
  amountMicros: bigint;
  monthlyLimitMicros: bigint;
};

/**
 * Saves a prepaid account's auto-recharge settings (auto-recharge.ts). Turning it on takes a saved
 * card (the default card is charged off-session). Answers why it was refused, or null.
 */
export async function setAutoRecharge(accountId: string, settings: AutoRechargeSettings): Promise<string | null> {
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { billingMode: true, hasPaymentMethod: true },
  });
  if (account.billingMode !== 'prepaid') return 'Auto-recharge is for prepaid accounts.';
  if (settings.enabled && !account.hasPaymentMethod) {
    return 'Save a card first (Add payment method): auto-recharge charges your saved card.';
  }
  await db.account.update({
    where: { id: accountId },
    data: {
      autoRechargeEnabled: settings.enabled,
      autoRechargeThresholdMicros: settings.thresholdMicros,
      autoRechargeAmountMicros: settings.amountMicros,
      autoRechargeMonthlyLimitMicros: settings.monthlyLimitMicros,
    },
  });
  return null;
}
