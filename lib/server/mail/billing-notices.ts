// The mails about money: what each says, from the facts the caller passes. Amounts are cents
// (invoices) or micro-dollars (spend), shown as the console shows them.
import 'server-only';

import { formatCents, formatMicros } from '@/lib/money';
import { consoleUrl } from '@/lib/server/account/console-url';

export type Notice = { subject: string; text: string };

type InvoiceFacts = { number: string | null; month: string; amountCents: number; hostedInvoiceUrl: string | null };

const invoiceName = (i: InvoiceFacts) => `invoice ${i.number ? `${i.number} ` : ''}for ${i.month}`;
const day = (at: Date) => at.toISOString().slice(0, 10);
const signature = ['', '— Public Data API'];

export function paymentFailedNotice(invoice: InvoiceFacts): Notice {
  return {
    subject: `Your payment of ${formatCents(invoice.amountCents)} failed`,
    text: [
      `We could not charge your card ${formatCents(invoice.amountCents)} for the ${invoiceName(invoice)}.`,
      '',
      'Until it is paid, the API answers 403 account_blocked. Update your card here, and we charge it again at once:',
      consoleUrl('/billing'),
      ...signature,
    ].join('\n'),
  };
}

export function invoicePaidNotice(invoice: InvoiceFacts & { paidAt: Date; invoicePdfUrl: string | null }): Notice {
  return {
    subject: `Receipt: ${formatCents(invoice.amountCents)} paid for ${invoice.month}`,
    text: [
      `Thank you: we received ${formatCents(invoice.amountCents)} for the ${invoiceName(invoice)} on ${day(invoice.paidAt)} (UTC).`,
      '',
      ...(invoice.hostedInvoiceUrl ? [`The invoice: ${invoice.hostedInvoiceUrl}`] : []),
      ...(invoice.invoicePdfUrl ? [`As a PDF: ${invoice.invoicePdfUrl}`] : []),
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
      ...(invoice.hostedInvoiceUrl ? ['', `See it and pay it here: ${invoice.hostedInvoiceUrl}`] : []),
      '',
      'An invoice still unpaid after its due date blocks the API (403 account_blocked) until it is paid.',
      `Every invoice: ${consoleUrl('/billing')}`,
      ...signature,
    ].join('\n'),
  };
}

export function accountBlockedNotice(standing: { reason: string; dueCents: number }): Notice {
  return {
    subject: 'Your Public Data API account is blocked',
    text: [
      'The API now answers 403 account_blocked to every call of your account.',
      '',
      standing.reason,
      ...(standing.dueCents > 0 ? [`Amount due: ${formatCents(standing.dueCents)}.`] : []),
      '',
      `What to do: ${consoleUrl('/billing')}`,
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
  threshold: 80 | 100;
  spentMicros: bigint;
  capMicros: bigint;
  periodLabel: string;
}): Notice {
  const name = `${cap.period} spending cap`;
  const reached = cap.threshold === 100;
  return {
    subject: reached ? `You reached your ${name} (${formatMicros(cap.capMicros)})` : `You used 80% of your ${name}`,
    text: [
      `Your spend for ${cap.periodLabel} (UTC) is ${formatMicros(cap.spentMicros)} of your ${name} of ${formatMicros(cap.capMicros)}.`,
      reached
        ? `Calls that could take it further answer 429 ${cap.period === 'daily' ? 'daily_limit_exceeded' : 'monthly_limit_exceeded'} until the ${cap.period === 'daily' ? 'next UTC day' : 'next month'}.`
        : `At the cap, calls that could take it further answer 429 ${cap.period === 'daily' ? 'daily_limit_exceeded' : 'monthly_limit_exceeded'}.`,
      '',
      `Change the cap: ${consoleUrl('/billing')}`,
      ...signature,
    ].join('\n'),
  };
}
