// The first-run checklist of the console's home, from the account's real state.

import 'server-only';

export type FirstStepsInput = {
  account: {
    emailUnverified: boolean;
    hasPaymentMethod: boolean;
    billingByInvoice: boolean;
    billingMode: 'postpaid' | 'prepaid';
    dailyCapMicros: bigint | null;
    monthlyCapMicros: bigint | null;
  };
  /** The account's keys, any order: the newest one that works names the curl line's key. */
  keys: { prefix: string; status: string; createdAt: Date; expiresAt: Date | null }[];
  /** Whether any call was ever recorded for the account. */
  called: boolean;
  now: Date;
};

/**
 * Each step of a new account, ticked from what the account has done: its address verified, a key
 * that works, a first call, a card (or invoicing, or prepaid credits) before the free tier ends, a spending
 * cap. The prefix of the newest working key goes into the curl line. Null once every step is done:
 * the list goes away for good (none of them is undone in the normal course).
 */
export function firstSteps({ account, keys, called, now }: FirstStepsInput) {
  const working = keys
    .filter((k) => k.status === 'active' && !(k.expiresAt && k.expiresAt <= now))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const steps = {
    verified: !account.emailUnverified,
    hasKey: working.length > 0,
    called,
    // Past the free tier calls need a card, invoicing, or prepaid credits (bought with a card).
    hasCard: account.hasPaymentMethod || account.billingByInvoice || account.billingMode === 'prepaid',
    hasCap: account.dailyCapMicros !== null || account.monthlyCapMicros !== null,
  };
  if (Object.values(steps).every(Boolean)) return null;
  return { ...steps, keyPrefix: working[0]?.prefix ?? null };
}
