import { buttonClasses } from '@/components/ui/button';
import { setBillingModeAction } from '@/lib/actions/billing';
import { formatAmount } from '@/lib/money';
import type { CreditLedger } from '@/lib/server/billing/credits';

import { AutoRechargeForm, type AutoRechargeValues } from './auto-recharge-form';
import { BuyCreditsForm } from './buy-credits-form';

const day = (at: Date) => at.toISOString().slice(0, 10);

/** Text that may wrap after each slash (an endpoint's path on a phone), nowhere inside a word. */
function Breakable({ text }: { text: string }) {
  const parts = text.split('/');
  return parts.map((part, i) => (
    <span key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </span>
  ));
}

/** The billing mode, and the switch to the other one (post-paid to prepaid closes the open month first). */
export function BillingModeSection({ ledger }: { ledger: Pick<CreditLedger, 'mode' | 'balanceMicros'> }) {
  const prepaid = ledger.mode === 'prepaid';
  return (
    <section
      aria-labelledby="mode-heading"
      className="flex flex-col gap-3 rounded-lg border border-border bg-raised p-4"
    >
      <h2 id="mode-heading" className="text-lg font-semibold">
        Billing mode
      </h2>
      <p className="text-sm">
        {prepaid ? (
          <>
            <strong>Prepaid credits.</strong> Calls past the free tier draw on your credit balance; a call your balance
            cannot cover is refused with 402 insufficient_credits. Nothing is invoiced.
          </>
        ) : (
          <>
            <strong>Post-paid.</strong> Calls past the free tier are invoiced after each month (UTC). You can pay in
            advance instead: switching to prepaid credits invoices this month&apos;s calls so far first.
          </>
        )}
      </p>
      {prepaid && ledger.balanceMicros > 0n ? (
        <p className="text-sm text-muted">
          Switching to post-paid keeps your {formatAmount(ledger.balanceMicros)} of credits: they pay your next invoices
          before anything is charged.
        </p>
      ) : null}
      <form action={setBillingModeAction}>
        <input type="hidden" name="mode" value={prepaid ? 'postpaid' : 'prepaid'} />
        <button type="submit" className={buttonClasses('secondary')}>
          {prepaid ? 'Switch to post-paid' : 'Switch to prepaid credits'}
        </button>
      </form>
    </section>
  );
}

/** A prepaid account's balance, "Buy credits", and the credit ledger with its running balance. */
export function PrepaidCredits({
  ledger,
  min,
  max,
  autoRecharge,
  stoppedReason,
}: {
  ledger: CreditLedger;
  min: string;
  max: string;
  autoRecharge: AutoRechargeValues;
  /** Why a failed recharge stopped auto-recharge (until the card is updated), or null. */
  stoppedReason: string | null;
}) {
  const lines = [...ledger.lines].reverse();
  const cell = 'px-3 py-2 text-right tabular-nums';
  return (
    <section aria-labelledby="credits-heading" className="flex flex-col gap-3">
      <h2 id="credits-heading" className="text-lg font-semibold">
        Prepaid credits
      </h2>
      <p className="text-sm">
        Balance: <strong data-testid="credit-balance">{formatAmount(ledger.balanceMicros)}</strong>
      </p>
      <p className="text-sm text-muted">Credits expire 12 months after they are bought; the oldest are drawn first.</p>
      {ledger.mode === 'prepaid' ? (
        <>
          <BuyCreditsForm min={min} max={max} />
          <h3 className="text-base font-semibold">Auto-recharge</h3>
          {stoppedReason ? (
            <p role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
              Auto-recharge is stopped: the last recharge failed ({stoppedReason}). Update your payment method to turn
              it back on.
            </p>
          ) : null}
          <AutoRechargeForm initial={autoRecharge} />
        </>
      ) : (
        <p className="text-sm">
          You are on post-paid billing: the credits left pay each month&apos;s invoice first, and only the rest is
          charged. Switch back to prepaid to buy more.
        </p>
      )}
      <h3 className="text-base font-semibold">Credit ledger</h3>
      {lines.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted">
          No credits yet. Purchases, grants and each month&apos;s calls by endpoint will be listed here.
        </p>
      ) : (
        <div
          className="overflow-x-auto rounded-lg border border-border"
          role="region"
          aria-label="Credit ledger"
          tabIndex={0}
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Credit ledger, newest first, with the balance after each line</caption>
            <thead className="bg-surface text-muted">
              <tr>
                <th scope="col" className="hidden px-3 py-2 text-left font-semibold sm:table-cell">
                  Date (UTC)
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  What
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Amount
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => (
                <tr
                  key={`${line.kind}-${line.at.getTime()}-${i}`}
                  className="border-t border-border"
                  data-testid="credit-line"
                >
                  <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell">{day(line.at)}</td>
                  <th scope="row" className="px-3 py-2 text-left font-normal break-words">
                    <Breakable text={line.label} />
                    {/* On a phone the date goes under the line instead of in its own column. */}
                    <span className="block text-xs text-muted sm:hidden">{day(line.at)} (UTC)</span>
                    {line.receiptId ? (
                      <a
                        href={`/billing/receipts/${line.receiptId}`}
                        className="block text-xs text-primary underline"
                        aria-label={`Receipt of ${formatAmount(line.amountMicros)}, ${day(line.at)} (PDF)`}
                      >
                        Receipt (PDF)
                      </a>
                    ) : null}
                  </th>
                  <td className={cell} data-micros={String(line.amountMicros)}>
                    {line.amountMicros > 0n ? '+' : ''}
                    {formatAmount(line.amountMicros)}
                  </td>
                  <td className={cell}>{formatAmount(line.balanceMicros)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
