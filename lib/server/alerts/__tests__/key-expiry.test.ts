// Alerts: a key's expiry is announced 7 days and 1 day before (mail, key.expiring, the
// activity list) and told as key.expired when it passes, each once, on a test clock.
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { setApiKeyExpiry } from '@/lib/server/keys/set-api-key-expiry';

import { announceKeyExpiry } from '../announce-key-expiry';

const DAY = 86_400_000;
const T0 = new Date('2031-05-10T12:00:00Z');
const at = (days: number, hours = 0) => new Date(T0.getTime() + days * DAY + hours * 3_600_000);
const actor = { id: null, label: 'test' };

async function accountWithKey(expiresAt: Date, now: Date) {
  const email = `expiry-${randomUUID()}@example.test`;
  const { accountId } = await findOrCreateAccountByEmail({ email });
  const { record } = await createApiKey({ accountId, actor, name: 'nightly', now });
  await setApiKeyExpiry({ accountId, keyId: record.id, actor, expiresAt, now });
  return { accountId, email, keyId: record.id };
}

async function told(accountId: string, email: string) {
  const [mails, events, activity] = await Promise.all([
    db.mailMessage.findMany({ where: { to: email }, orderBy: { createdAt: 'asc' } }),
    db.webhookEvent.findMany({
      where: { accountId, type: { in: ['key.expiring', 'key.expired'] } },
      orderBy: { createdAt: 'asc' },
    }),
    db.accountEvent.findMany({ where: { accountId, type: 'key_expiring' }, orderBy: { createdAt: 'asc' } }),
  ]);
  return {
    mails: mails.map((m) => m.subject),
    events: events.map((e) => e.type),
    activity: activity.map((e) => `${e.type}: ${e.detail}`),
  };
}

test('a key expiring in 10 days is announced 7 days and 1 day before, and told when it expires, each once', async () => {
  const { accountId, email, keyId } = await accountWithKey(at(10), T0);
  const label = (await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).prefix;

  await announceKeyExpiry({ now: at(2, 23) }); // 7 days and 1 hour before: not yet
  expect(await told(accountId, email)).toEqual({ mails: [], events: [], activity: [] });

  // A week before, with several workers at once: once.
  await Promise.all([at(3, 1), at(3, 1), at(3, 2)].map((now) => announceKeyExpiry({ now })));
  await announceKeyExpiry({ now: at(8, 23) }); // still the week's stage: nothing more
  const week = await told(accountId, email);
  expect(week.mails).toHaveLength(1);
  expect(week.mails[0]).toMatch(
    new RegExp(`^Your API key nightly \\(${label}.*\\) expires within 7 days \\(2031-05-20 12:00 UTC\\)$`),
  );
  expect(week.events).toEqual(['key.expiring']);
  expect(week.activity).toEqual([`key_expiring: ${week.mails[0]}`]);

  await Promise.all([at(9, 1), at(9, 2)].map((now) => announceKeyExpiry({ now })));
  const dayBefore = await told(accountId, email);
  expect(dayBefore.mails).toEqual([week.mails[0], week.mails[0]!.replace('within 7 days', 'within a day')]);
  expect(dayBefore.events).toEqual(['key.expiring', 'key.expiring']);
  const mail = await db.mailMessage.findFirstOrThrow({ where: { to: email, subject: { contains: 'within a day' } } });
  expect(mail.text).toContain('stops working at 2031-05-20 12:00 UTC');

  await Promise.all([at(10, 1), at(10, 3)].map((now) => announceKeyExpiry({ now })));
  const expired = await told(accountId, email);
  expect(expired.events).toEqual(['key.expiring', 'key.expiring', 'key.expired']);
  expect(expired.mails).toHaveLength(2);
  const event = await db.webhookEvent.findFirstOrThrow({ where: { accountId, type: 'key.expired' } });
  expect(event.data).toMatchObject({ key: { id: keyId, expires_at: '2031-05-20T12:00:00.000Z' } });
});

test('a key that expires within a day of being set hears of the day only, and a later expiry is announced again', async () => {
  const { accountId, email, keyId } = await accountWithKey(at(0, 20), T0);
  await announceKeyExpiry({ now: T0 });
  expect((await told(accountId, email)).mails).toEqual([expect.stringMatching(/expires within a day /)]);

  await setApiKeyExpiry({ accountId, keyId, actor, expiresAt: at(5), now: at(0, 1) });
  await announceKeyExpiry({ now: at(0, 2) });
  await announceKeyExpiry({ now: at(0, 3) });
  expect((await told(accountId, email)).mails).toEqual([
    expect.stringMatching(/expires within a day /),
    expect.stringMatching(/expires within 7 days /),
  ]);
});
