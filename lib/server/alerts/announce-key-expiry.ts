import 'server-only';

import { db } from '@/lib/db';
import { consoleUrl } from '@/lib/server/account/console-url';
import { storeAccountMail } from '@/lib/server/mail/mail-account';
import { emitEvent } from '@/lib/server/events/emit-event';
import { deliverMail } from '@/lib/server/mail/send-mail';
import { usageKeyLabel } from '@/lib/usage-key-label';

const DAY_MS = 86_400_000;

/** The announcements of an expiry: a week before, a day before, and when it passes. */
type ExpiryStage = '7d' | '1d' | 'expired';

/** The stage a key is in at `now`, or null when its expiry is more than 7 days away. */
function expiryStage(expiresAt: Date, now: Date): ExpiryStage | null {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  if (left <= DAY_MS) return '1d';
  return left <= 7 * DAY_MS ? '7d' : null;
}

/**
 * Announces each key's expiry 7 days and 1 day before (a mail through the outbox, `key.expiring`
 * and a line in the account's activity) and tells `key.expired` when it passes. Each stage of
 * each expiry instant once (ApiKeyExpiryNotice's key), however many workers run this: a key first
 * seen a day before hears of the day only (the stage only moves on), and a changed expiry is
 * announced again. Expiries
 * passed more than a day before a run are not told (a worker that was down does not flood the
 * receivers with old news). Run by the worker (lib/jobs/announce-key-expiry-task.ts). The number of
 * announcements made.
 */
export async function announceKeyExpiry({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const keys = await db.apiKey.findMany({
    where: {
      status: 'active',
      account: { deletedAt: null },
      expiresAt: { gt: new Date(now.getTime() - DAY_MS), lte: new Date(now.getTime() + 7 * DAY_MS) },
    },
    select: { id: true, accountId: true, name: true, prefix: true, last4: true, expiresAt: true },
  });
  let told = 0;
  for (const key of keys) {
    const expiresAt = key.expiresAt!;
    const stage = expiryStage(expiresAt, now);
    if (!stage) continue;
    const label = usageKeyLabel({ name: key.name, display: `${key.prefix}…${key.last4}` });
    const mailIds = await db.$transaction(async (tx) => {
      const [notice] = await tx.apiKeyExpiryNotice.createManyAndReturn({
        data: [{ apiKeyId: key.id, stage, expiresAt }],
        skipDuplicates: true,
      });
      if (!notice) return null;
      // The key as the other key.* events tell of it (key-event-data.ts), the fields this knows.
      const data = {
        key: {
          id: key.id,
          name: key.name,
          prefix: key.prefix,
          last4: key.last4,
          expires_at: expiresAt.toISOString(),
        },
      };
      if (stage === 'expired') {
        await emitEvent({ accountId: key.accountId, type: 'key.expired', data, tx, now });
        return [];
      }
      const when = stage === '1d' ? 'within a day' : 'within 7 days';
      const subject = `Your API key ${label} expires ${when} (${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
      await emitEvent({ accountId: key.accountId, type: 'key.expiring', data, tx, now });
      await tx.accountEvent.create({
        data: { accountId: key.accountId, type: 'key_expiring', detail: subject, actorLabel: 'Keys', createdAt: now },
      });
      return storeAccountMail({
        accountId: key.accountId,
        onceKey: `key-expiring:${key.id}:${expiresAt.toISOString()}:${stage}`,
        notice: {
          subject,
          text: [
            `The key ${label} stops working at ${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; calls with it will then answer 401 expired_api_key.`,
            'To keep calling, roll it (a new key, with time to switch over) or set a later expiry in its menu.',
            '',
            `Your keys: ${consoleUrl('/keys')}`,
            '',
            '— Public Data API',
          ].join('\n'),
        },
        client: tx,
      });
    });
    if (mailIds === null) continue;
    told += 1;
    await deliverMail(mailIds);
  }
  return told;
}
