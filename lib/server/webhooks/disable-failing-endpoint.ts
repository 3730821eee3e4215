import 'server-only';

import type { Prisma } from '@/lib/generated/prisma/client';
import { consoleUrl } from '@/lib/server/account/console-url';
import { storeAccountMail } from '@/lib/server/mail/mail-account';

/**
 * Disables an endpoint that has failed every delivery since `failingSince` (3 days), and keeps a
 * mail to the account's users in the outbox, once per failing spell. The mail ids, for
 * deliverMail once the transaction commits ([] when it was disabled already).
 */
export async function disableFailingEndpoint(
  tx: Prisma.TransactionClient,
  endpoint: { id: string; accountId: string; url: string },
  failingSince: Date,
): Promise<string[]> {
  const reason = `Every delivery failed for 3 days (since ${failingSince.toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
  const { count } = await tx.webhookEndpoint.updateMany({
    where: { id: endpoint.id, enabled: true },
    data: { enabled: false, disabledReason: reason },
  });
  if (count === 0) return [];
  return storeAccountMail({
    client: tx,
    accountId: endpoint.accountId,
    onceKey: `webhook-disabled:${endpoint.id}:${failingSince.toISOString()}`,
    notice: {
      subject: 'A webhook endpoint was disabled',
      text: [
        `We disabled your webhook endpoint ${endpoint.url}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}.`,
        '',
        'No more events are sent to it. Once it answers again, enable it in your settings; events',
        'from the last 30 days can be resent from its delivery log.',
        '',
        consoleUrl('/settings#webhooks'),
        '',
        '— Public Data API',
      ].join('\n'),
    },
  });
}
