// billing-status: the month closes that failed (and are not resolved yet) and every past month
// still to close; the daily sweep (01:05 UTC) retries them, or `close-month` does it now.
import { formatMicros } from '@/lib/money';
import { getBillingStatus } from '@/lib/server/billing/get-billing-status';

import { parseFlags } from './args';
import type { ConsoleCommand } from './command';

const day = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

export const billingStatusCommand: ConsoleCommand = {
  usage: 'billing-status',
  description: 'List failed month closes and past months still to close (the daily sweep retries them).',
  async run(args) {
    parseFlags(args, []);
    const { failures, unclosed } = await getBillingStatus();
    if (!failures.length) console.log('No failed month closes.');
    else {
      console.log(`Failed month closes (${failures.length}):`);
      for (const f of failures) {
        console.log(
          `  ${f.month}  ${f.email ?? '(no user)'}  account ${f.accountId}: ${f.attempts} attempt${f.attempts === 1 ? '' : 's'}, first ${day(f.firstFailedAt)} UTC, last ${day(f.lastFailedAt)} UTC`,
        );
        console.log(`      ${f.error}`);
      }
    }
    if (!unclosed.length) console.log('No past month left to close.');
    else {
      console.log(
        `Past months still to close (${unclosed.length}; the daily sweep at 01:05 UTC closes them, or close-month --month M --email E now):`,
      );
      for (const u of unclosed) {
        const parts = [
          ...(u.unbilledMicros > 0n ? [`${formatMicros(u.unbilledMicros)} not invoiced`] : []),
          ...(u.unfinishedInvoices > 0
            ? [`${u.unfinishedInvoices} invoice${u.unfinishedInvoices === 1 ? '' : 's'} not yet charged or sent`]
            : []),
        ];
        console.log(`  ${u.month}  ${u.email ?? '(no user)'}  account ${u.accountId}: ${parts.join(', ')}`);
      }
    }
  },
};
