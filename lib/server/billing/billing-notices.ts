// The mails about money: what each says, from the facts the caller passes. Amounts are cents
// (invoices) or micro-dollars (spend), shown as the console shows them.
import 'server-only';

import { env } from '@/lib/env';
import type { AccountBlockCause } from '@/lib/generated/prisma/client';
import { formatAmount, formatCents } from '@/lib/money';
import { consoleUrl } from '@/lib/server/account/console-url';
import type { Notice } from '@/lib/server/mail/mail-account';

import { invoiceLink } from './invoice-links';

// An invoice's links go through the console (invoice-links.ts), never Stripe's own addresses.
type InvoiceFacts = { id: string; number: string | null; month: string; amountCents: number };

const invoiceName = (i: InvoiceFacts) => `invoice ${i.number ? `${i.number} ` : ''}for ${i.month}`;
const day = (at: Date) => at.toISOString().slice(0, 10);
const signature = ['', '— Public Data API'];

/**
 * A failed charge of a card account's invoice. When the bank asks for the customer's
 * authentication (3D Secure: Stripe's `authentication_required`, invoice.payment_action_required),
 * it says so: the payment is confirmed on the invoice's page, where Stripe asks for it.
 */
export function paymentFailedNotice(invoice: InvoiceFacts & { paymentActionRequired?: boolean }): Notice {
  if (invoice.paymentActionRequired)
    return {
      subject: `Confirm your payment of ${formatCents(invoice.amountCents)}`,
      text: [
        `Your bank asks you to confirm the payment of ${formatCents(invoice.amountCents)} for the ${invoiceName(invoice)} (3D Secure), so we could not charge your card without you.`,
        '',
        "Until it is paid, the API answers 403 account_blocked. Confirm the payment on the invoice's page, where your bank asks for it:",
        invoiceLink(invoice.id),
        '',
        'or use another card on the billing page, and we charge it at once:',
        consoleUrl('/billing'),
        ...signature,
      ].join('\n'),
    };
  return {
    subject: `Your payment of ${formatCents(invoice.amountCents)} failed`,
    text: [
      `We could not charge your card ${formatCents(invoice.amountCents)} for the ${invoiceName(invoice)}.`,
      '',
      "Until it is paid, the API answers 403 account_blocked. Pay it by card on the invoice's page:",
      invoiceLink(invoice.id),
      '',
      'or update your card on the billing page, and we charge it again at once:',
      consoleUrl('/billing'),
      ...signature,
    ].join('\n'),
  };
}

/** A card account's invoice not charged for want of a card: pay it on its page, or add a card. */
export function cardMissingNotice(invoice: InvoiceFacts): Notice {
  return {
    subject: `Add a card: ${formatCents(invoice.amountCents)} for ${invoice.month} could not be charged`,
    text: [
      `We could not charge the ${invoiceName(invoice)}, ${formatCents(invoice.amountCents)}: no card is on file.`,
      '',
      "Until it is paid, the API answers 403 account_blocked. Pay it by card on the invoice's page:",
      invoiceLink(invoice.id),
      '',
      'or add a card on the billing page, and we charge it at once:',
      consoleUrl('/billing'),
      ...signature,
    ].join('\n'),
  };
}

export function invoicePaidNotice(invoice: InvoiceFacts & { paidAt: Date }): Notice {
  return {
    subject: `Receipt: ${formatCents(invoice.amountCents)} paid for ${invoice.month}`,
    text: [
      `Thank you: we received ${formatCents(invoice.amountCents)} for the ${invoiceName(invoice)} on ${day(invoice.paidAt)} (UTC).`,
      '',
      `The invoice: ${invoiceLink(invoice.id)}`,
      `As a PDF: ${invoiceLink(invoice.id, 'pdf')}`,
      `Every invoice: ${consoleUrl('/billing')}`,
      ...signature,
    ].join('\n'),
  };
}

export function invoiceSentNotice(invoice: InvoiceFacts & { dueAt: Date | null }): Notice {
  return {
    subject: `Invoice for ${invoice.month}: ${formatCents(invoice.amountCents)}${invoice.dueAt ? `, due ${day(invoice.dueAt)}` : ''}`,
    text: [
      `Your ${invoiceName(invoice)} is ${formatCents(invoice.amountCents)}${invoice.dueAt ? `, due by ${day(invoice.dueAt)} (UTC)` : ''}.`,
      '',
      `See it and pay it here: ${invoiceLink(invoice.id)}`,
      '',
      'An invoice still unpaid after its due date blocks the API (403 account_blocked) until it is paid.',
      `Every invoice: ${consoleUrl('/billing')}`,
      ...signature,
    ].join('\n'),
  };
}

export function accountBlockedNotice(standing: {
  reason: string;
  dueCents: number;
  causes: AccountBlockCause[];
}): Notice {
  // A lost dispute or an operator's block says "contact support": with the address (SUPPORT_EMAIL).
  const support = standing.causes.includes('dispute') || standing.causes.includes('operator');
  return {
    subject: 'Your Public Data API account is blocked',
    text: [
      'The API now answers 403 account_blocked to every call of your account.',
      '',
      standing.reason,
      ...(standing.dueCents > 0 ? [`Due now: ${formatCents(standing.dueCents)}.`] : []),
      '',
      `What to do: ${consoleUrl('/billing')}`,
      ...(support ? [`Support: ${env.SUPPORT_EMAIL}`] : []),
      ...signature,
    ].join('\n'),
  };
}

export function accountUnblockedNotice(detail: string): Notice {
  return {
    subject: 'Your Public Data API account is unblocked',
    text: ['The API serves your calls again.', '', detail, ...signature].join('\n'),
  };
}

export function spendingCapNotice(cap: {
  period: 'daily' | 'monthly';
  /** The percentage of the cap reached (the cap alert's thresholds: 50, 80 and 100 by default). */
  threshold: number;
  spentMicros: bigint;
  capMicros: bigint;
  periodLabel: string;
}): Notice {
  const name = `${cap.period} spending cap`;
  const reached = cap.threshold >= 100;
  return {
    subject: reached
      ? `You reached your ${name} (${formatAmount(cap.capMicros)})`
      : `You used ${cap.threshold}% of your ${name}`,
    text: [
      `Your spend for ${cap.periodLabel} (UTC) is ${formatAmount(cap.spentMicros)} of your ${name} of ${formatAmount(cap.capMicros)}.`,
      reached
        ? `Calls that could take it further answer 429 ${cap.period === 'daily' ? 'daily_limit_exceeded' : 'monthly_limit_exceeded'} until the ${cap.period === 'daily' ? 'next UTC day' : 'next month'}.`
        : `At the cap, calls that could take it further answer 429 ${cap.period === 'daily' ? 'daily_limit_exceeded' : 'monthly_limit_exceeded'}.`,
      '',
      `Change the cap: ${consoleUrl('/billing')}`,
      ...signature,
    ].join('\n'),
  };
}
