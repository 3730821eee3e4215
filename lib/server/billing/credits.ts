import 'server-only';

import { db } from '@/lib/db';
import type { BillingMode, CreditEntryKind, Prisma } from '@/lib/generated/prisma/client';
import { billingMonth, monthRange } from '@/lib/utc-month';

/**
 * Takes the account's spend lock (reserve_call's) and its row lock, then reads its credit balance
 * and what the holds of calls in flight take of it, in one statement (one snapshot): whatever
 * takes credits away (expiry, a refund, the draw before invoicing) then never takes what a call
 * in flight will draw. Null for an account that is gone.
 */
export async function lockCreditBalance(
  tx: Prisma.TransactionClient,
  accountId: string,
  now: Date,
): Promise<{ balance: bigint; held: bigint } | null> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('spend:' || ${accountId}))`;
  const [state] = await tx.$queryRaw<{ balance: bigint; held: bigint }[]>`
    SELECT a."creditBalanceMicros" AS balance,
           (SELECT COALESCE(SUM(ch."micros"), 0) FROM "CallHold" ch
             WHERE ch."accountId" = a."id" AND ch."expiresAt" > ${now})::bigint AS held
    FROM "Account" a WHERE a."id" = ${accountId} FOR UPDATE`;
  return state ?? null;
}

/** Credits expire this many months after they are bought, recharged or granted (oldest drawn first). */
const CREDIT_LIFETIME_MONTHS = 12;

export type AddCreditsOptions = {
  accountId: string;
  kind: Extract<CreditEntryKind, 'purchase' | 'recharge' | 'grant'>;
  amountMicros: bigint;
  /** A grant's reason (shown in the ledger), and who added the credits. */
  reason?: string | null;
  createdBy?: string | null;
  /** A purchase's or recharge's PaymentIntent: the credits are added once per PaymentIntent. */
  paymentIntentId?: string | null;
  at?: Date;
};

/**
 * Adds credits to an account: a ledger line (a lot expiring CREDIT_LIFETIME_MONTHS later) and
 * the balance, in one transaction. With a PaymentIntent the credits are added once, whoever
 * tells of the payment first (the webhook, the return page, the reconciliation): a second
 * application finds the line and adds nothing. Answers whether this call added them.
 */
export async function addCredits(options: AddCreditsOptions): Promise<{ added: boolean; entryId: string }> {
  if (options.amountMicros <= 0n) throw new Error('Credits added must be a positive amount');
  const at = options.at ?? new Date();
  const expiresAt = new Date(at);
  expiresAt.setUTCMonth(expiresAt.getUTCMonth() + CREDIT_LIFETIME_MONTHS);
  return db.$transaction(async (tx) => {
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "CreditEntry" ("id", "accountId", "kind", "amountMicros", "createdAt", "expiresAt", "reason", "createdBy", "paymentIntentId")
      VALUES (gen_random_uuid()::text, ${options.accountId}, ${options.kind}::"CreditEntryKind", ${options.amountMicros},
              ${at}, ${expiresAt}, ${options.reason ?? null}, ${options.createdBy ?? null}, ${options.paymentIntentId ?? null})
      ON CONFLICT ("paymentIntentId") DO NOTHING
      RETURNING "id"`;
    const entry = inserted[0];
    if (!entry) {
      const existing = await tx.creditEntry.findUniqueOrThrow({
        where: { paymentIntentId: options.paymentIntentId ?? '' },
        select: { id: true },
      });
      return { added: false, entryId: existing.id };
    }
    await tx.account.update({
      where: { id: options.accountId },
      data: { creditBalanceMicros: { increment: options.amountMicros } },
    });
    return { added: true, entryId: entry.id };
  });
}

type CreditLedgerLine = {
  /** When it happened; a month's draws are dated at the month's end (today for this month). */
  at: Date;
  kind: CreditEntryKind | 'draw';
  /** What the line is, in words. */
  label: string;
  /** A draw's endpoint and month. */
  endpoint: string | null;
  month: string | null;
  /** Added (positive) or taken (negative), micro-dollars. */
  amountMicros: bigint;
  /** The balance after this line: the running sum of the lines so far. */
  balanceMicros: bigint;
  expiresAt: Date | null;
  /** A purchase's or recharge's ledger line id: its PDF receipt is /billing/receipts/<id>. */
  receiptId: string | null;
};

export type CreditLedger = {
  mode: BillingMode;
  balanceMicros: bigint;
  lines: CreditLedgerLine[];
};

const kindLabel: Record<CreditEntryKind, string> = {
  purchase: 'Credits bought',
  recharge: 'Automatic recharge',
  grant: 'Promotional credits',
  refund: 'Refunded to your card',
  expiry: 'Credits expired',
};

/**
 * An account's credit ledger, oldest line first: every purchase, recharge, grant, refund and
 * expiry, and each month's draws by endpoint, with a running balance. The lines sum to the
 * account's balance (record_usage keeps both in the usage row's transaction); read in one
 * transaction so that they agree.
 */
export async function readCreditLedger(accountId: string, now = new Date()): Promise<CreditLedger> {
  const [account, entries, draws] = await db.$transaction([
    db.account.findUniqueOrThrow({
      where: { id: accountId },
      select: { billingMode: true, creditBalanceMicros: true },
    }),
    db.creditEntry.findMany({
      where: { accountId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, kind: true, amountMicros: true, createdAt: true, expiresAt: true, reason: true },
    }),
    db.usageMonthly.findMany({
      where: { accountId, creditMicros: { gt: 0 } },
      orderBy: [{ month: 'asc' }, { endpoint: 'asc' }],
      select: { month: true, endpoint: true, creditMicros: true },
    }),
  ]);
  const current = billingMonth(now);
  const unsorted: Omit<CreditLedgerLine, 'balanceMicros'>[] = [
    ...entries.map((e) => ({
      at: e.createdAt,
      kind: e.kind,
      label: e.kind === 'grant' && e.reason ? `${kindLabel.grant}: ${e.reason}` : kindLabel[e.kind],
      endpoint: null,
      month: null,
      amountMicros: e.amountMicros,
      expiresAt: e.expiresAt,
      receiptId: e.kind === 'purchase' || e.kind === 'recharge' ? e.id : null,
    })),
    ...draws.map((d) => ({
      // A month's draws come after the month's purchases, so the running balance never dips.
      at: d.month === current ? now : new Date(monthRange(d.month)[1].getTime() - 1),
      kind: 'draw' as const,
      label: `Calls to ${d.endpoint} in ${d.month}`,
      endpoint: d.endpoint,
      month: d.month,
      amountMicros: -d.creditMicros,
      expiresAt: null,
      receiptId: null,
    })),
  ];
  // Stable: entries keep their order, draws follow the entries of the same moment.
  const sorted = unsorted
    .map((line, i) => ({ line, i }))
    .sort((a, b) => a.line.at.getTime() - b.line.at.getTime() || a.i - b.i)
    .map(({ line }) => line);
  let running = 0n;
  const lines = sorted.map((line) => {
    running += line.amountMicros;
    return { ...line, balanceMicros: running };
  });
  return { mode: account.billingMode, balanceMicros: account.creditBalanceMicros, lines };
}
