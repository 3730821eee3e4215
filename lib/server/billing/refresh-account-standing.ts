import 'server-only';

import { db } from '@/lib/db';
import type { AccountBlockCause, InvoiceStatus, Prisma } from '@/lib/generated/prisma/client';
import { storeAccountMail } from '@/lib/server/mail/mail-account';
import { deliverMail } from '@/lib/server/mail/send-mail';
import { emitEvent } from '@/lib/server/events/emit-event';

import { accountUnblockedNotice } from './billing-notices';
import { blockNotice } from './block-notice';
import { describeAccountBlock } from './describe-account-block';
import type { AccountStanding } from './get-account-standing';
import { getAmountsDue } from './get-amounts-due';

/** Who changed the standing, for the account's activity, and why (an operator's words). */
export type StandingActor = { label: string; reason?: string };

export type RefreshAccountStandingOptions = {
  accountId: string;
  /** The time past due dates are compared with (tests). */
  now?: Date;
  /** A change to the account's blocks, made under the same lock before the standing is derived (block-account.ts, unblock-account.ts). */
  change?: (tx: Prisma.TransactionClient) => Promise<void>;
  actor?: StandingActor;
};

const BILLING: StandingActor = { label: 'Billing' };
const CAUSE_ORDER: AccountBlockCause[] = ['unpaid_invoice', 'overdue_invoice', 'dispute', 'operator'];
const blockInclude = {
  invoice: {
    select: {
      id: true,
      number: true,
      month: true,
      amountCents: true,
      status: true,
      dueAt: true,
      attemptCount: true,
      noPaymentMethodAt: true,
      paymentActionRequired: true,
    },
  },
} as const;

/**
 * What an invoice in this state blocks for, or null. A card account's invoice blocks once a
 * charge failed, or at once when there was no card to charge (it is due at the close, whatever
 * due date it was sent with). An invoice sent for payment blocks once overdue: past its due date
 * by our clock, or when Stripe said so (invoice.overdue), whichever comes first.
 */
function invoiceCause(
  invoice: {
    status: InvoiceStatus;
    attemptCount: number;
    dueAt: Date | null;
    noPaymentMethodAt: Date | null;
    overdueAt: Date | null;
  },
  now: Date,
): AccountBlockCause | null {
  if (invoice.status === 'uncollectible') return 'unpaid_invoice';
  if (invoice.status !== 'open') return null;
  if (invoice.noPaymentMethodAt) return 'unpaid_invoice';
  if (invoice.dueAt || invoice.overdueAt) {
    return invoice.overdueAt || (invoice.dueAt && invoice.dueAt <= now) ? 'overdue_invoice' : null;
  }
  return invoice.attemptCount > 0 ? 'unpaid_invoice' : null;
}

/**
 * Makes the account's invoice blocks match its invoices: a block for each invoice that is
 * unpaid (a failed charge, uncollectible) or overdue, lifted once that invoice no longer is
 * (paid, voided). A block once lifted (by a payment or the operator) is never made again.
 */
async function syncInvoiceBlocks(tx: Prisma.TransactionClient, accountId: string, now: Date): Promise<void> {
  const invoices = await tx.invoice.findMany({
    where: { accountId, OR: [{ status: { in: ['open', 'uncollectible'] } }, { blocks: { some: { liftedAt: null } } }] },
    select: {
      id: true,
      status: true,
      attemptCount: true,
      dueAt: true,
      noPaymentMethodAt: true,
      overdueAt: true,
      blocks: { select: { id: true, cause: true, liftedAt: true } },
    },
  });
  for (const invoice of invoices) {
    const cause = invoiceCause(invoice, now);
    for (const block of invoice.blocks) {
      if (block.liftedAt || block.cause === cause) continue;
      const liftedBy = invoice.status === 'paid' ? 'payment' : invoice.status === 'void' ? 'void' : BILLING.label;
      await tx.accountBlock.update({ where: { id: block.id }, data: { liftedAt: now, liftedBy } });
    }
    if (cause && !invoice.blocks.some((b) => b.cause === cause)) {
      await tx.accountBlock.create({ data: { accountId, cause, invoiceId: invoice.id } });
    }
  }
}

/** How a lifted block ended, in words for the account's activity. */
function liftedInWords(
  block: { liftedBy: string | null; invoice: { number: string | null; month: string } | null },
  actor: StandingActor,
): string {
  const invoice = block.invoice
    ? `Invoice ${block.invoice.number ? `${block.invoice.number} ` : ''}for ${block.invoice.month}`
    : 'The invoice';
  if (block.liftedBy === 'payment') return `${invoice} was paid.`;
  if (block.liftedBy === 'void') return `${invoice} was voided.`;
  return actor.reason ?? 'Lifted.';
}

/**
 * Derives the account's standing from its blocks, under an advisory lock per account: blocked
 * while any block holds (a lost dispute, an unpaid or overdue invoice, the operator), each lifted
 * only when its own cause is resolved. Writes Account.blockedAt (the API's flag: the trigger on
 * it tells every API server, which answer 403 account_blocked, or serve again, from the next
 * request), blockedReason, blockedCauses and blockedDueCents, only when they change. Each new
 * block and the unblocking are recorded in the account's activity, and a change of standing is
 * mailed once (the mails are written in the same transaction). Also sees invoices that went past
 * their due date since the last call (the sweep calls it for them).
 */
export async function refreshAccountStanding({
  accountId,
  now = new Date(),
  change,
  actor = BILLING,
}: RefreshAccountStandingOptions): Promise<AccountStanding> {
  const { standing, mail } = await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`account-standing:${accountId}`}))`;
      const before = await tx.accountBlock.findMany({ where: { accountId, liftedAt: null }, select: { id: true } });
      await syncInvoiceBlocks(tx, accountId, now);
      if (change) await change(tx);
      const active = await tx.accountBlock.findMany({
        where: { accountId, liftedAt: null },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        include: blockInclude,
      });
      const account = await tx.account.findUniqueOrThrow({
        where: { id: accountId },
        select: { blockedAt: true, blockedReason: true, blockedCauses: true, blockedDueCents: true },
      });

      const causes = CAUSE_ORDER.filter((c) => active.some((b) => b.cause === c));
      const reason = active.length ? active.map(describeAccountBlock).join(' ') : null;
      // What is due now, read as the console reads it (get-amounts-due.ts), lost disputes included:
      // an invoice sent for payment and not due yet is not.
      const { dueNowCents } = await getAmountsDue({ accountId, now, client: tx });
      const dueCents = active.length ? dueNowCents : null;
      const blockedAt = active.length ? (account.blockedAt ?? now) : null;

      const data: Prisma.AccountUpdateInput = {};
      if ((blockedAt === null) !== (account.blockedAt === null)) data.blockedAt = blockedAt;
      if (reason !== account.blockedReason) data.blockedReason = reason;
      if (causes.join() !== account.blockedCauses.join()) data.blockedCauses = causes;
      if (dueCents !== account.blockedDueCents) data.blockedDueCents = dueCents;
      if (Object.keys(data).length) await tx.account.update({ where: { id: accountId }, data });

      // The account's activity: each new block, and the end of the block.
      const earlier = new Set(before.map((b) => b.id));
      for (const block of active.filter((b) => !earlier.has(b.id))) {
        await tx.accountEvent.create({
          data: { accountId, type: 'blocked', detail: describeAccountBlock(block), actorLabel: actor.label },
        });
      }
      const mail: string[] = [];
      if (account.blockedAt && !blockedAt) {
        const lifted = await tx.accountBlock.findMany({ where: { id: { in: [...earlier] } }, include: blockInclude });
        const detail = [...new Set(lifted.map((b) => liftedInWords(b, actor)))].join(' ');
        await tx.accountEvent.create({ data: { accountId, type: 'unblocked', detail, actorLabel: actor.label } });
        await emitEvent({
          accountId,
          type: 'account.unblocked',
          data: { blocked_since: account.blockedAt.toISOString(), detail },
          tx,
          now,
        });
        mail.push(
          ...(await storeAccountMail({
            client: tx,
            accountId,
            onceKey: `account-unblocked:${accountId}:${account.blockedAt.getTime()}`,
            notice: accountUnblockedNotice(detail),
          })),
        );
      } else if (!account.blockedAt && blockedAt) {
        // One notice of it: a failed charge's own mail when that is the block (block-notice.ts).
        const { onceKey, notice } = blockNotice({
          accountId,
          blockedAt,
          blocks: active,
          causes,
          reason: reason!,
          dueCents: dueCents ?? 0,
        });
        mail.push(...(await storeAccountMail({ client: tx, accountId, onceKey, notice })));
        await emitEvent({
          accountId,
          type: 'account.blocked',
          data: { blocked_since: blockedAt.toISOString(), causes, reason, amount_due_cents: dueCents },
          tx,
          now,
        });
      }
      return { standing: { blocked: active.length > 0, causes, reason, dueCents }, mail };
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
  await deliverMail(mail);
  return standing;
}
