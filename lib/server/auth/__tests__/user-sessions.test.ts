// The sessions list and ending one session, through the functions the sign-in callback, the session
// check (findCurrentSession: what lib/auth/index.ts and getConsoleSession ask) and /settings call,
// on the real database.
import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { describeUserAgent } from '@/lib/server/auth/describe-user-agent';
import { endUserSession } from '@/lib/server/auth/end-user-session';
import { endUserSessions } from '@/lib/server/auth/end-user-sessions';
import { findCurrentSession } from '@/lib/server/auth/find-current-session';
import { listUserSessions } from '@/lib/server/auth/list-user-sessions';
import { noteSessionSeen, recordUserSession } from '@/lib/server/auth/record-user-session';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function user() {
  const { user } = await createAccountWithUser({
    email: `sessions-${randomUUID()}@auth.test`,
    password: 'correct horse battery staple',
  });
  return user;
}

/** A session as the sign-in callback records it; its token's fields. */
async function signedIn(userId: string, accountId: string, userAgent: string, ip: string, signedInAt = Date.now()) {
  const sessionId = randomUUID();
  await recordUserSession({ sessionId, userId, signedInAt, userAgent, ip, method: 'password' });
  return { userId, accountId, sessionId, signedInAt };
}

describe('the sessions list', () => {
  it('lists the signed-in sessions with device, address, first and last seen, this one first', async () => {
    const { id, accountId } = await user();
    const laptop = await signedIn(id, accountId, FIREFOX_WINDOWS, '203.0.113.7', Date.now() - 3_600_000);
    const phone = await signedIn(id, accountId, SAFARI_IPHONE, '198.51.100.2');
    const sessions = await listUserSessions({ userId: id, currentSessionId: laptop.sessionId });
    expect(sessions).toEqual([
      expect.objectContaining({
        id: laptop.sessionId,
        device: 'Firefox on Windows',
        ip: '203.0.113.7',
        current: true,
        firstSeenAt: new Date(laptop.signedInAt),
      }),
      expect.objectContaining({
        id: phone.sessionId,
        device: 'Safari on iOS',
        ip: '198.51.100.2',
        current: false,
        method: 'password',
      }),
    ]);
  });

  it('refuses a session ended from the list on its next request; the others go on', async () => {
    const { id, accountId } = await user();
    const laptop = await signedIn(id, accountId, FIREFOX_WINDOWS, '203.0.113.7');
    const phone = await signedIn(id, accountId, SAFARI_IPHONE, '198.51.100.2');
    expect(await findCurrentSession(phone)).not.toBeNull();

    expect(await endUserSession({ userId: id, sessionId: phone.sessionId })).toBe(true);
    expect(await findCurrentSession(phone)).toBeNull();
    expect(await findCurrentSession(laptop)).not.toBeNull();
    expect((await listUserSessions({ userId: id, currentSessionId: laptop.sessionId })).map((s) => s.id)).toEqual([
      laptop.sessionId,
    ]);
    // Seen again, an ended session is not brought back.
    const row = await db.userSession.findUniqueOrThrow({ where: { id: phone.sessionId } });
    await noteSessionSeen({ ...phone, lastSeenAt: row.lastSeenAt, ip: null, now: new Date(Date.now() + 120_000) });
    expect(await findCurrentSession(phone)).toBeNull();
  });

  it("does not end another user's session", async () => {
    const owner = await user();
    const stranger = await user();
    const session = await signedIn(owner.id, owner.accountId, FIREFOX_WINDOWS, '203.0.113.7');
    expect(await endUserSession({ userId: stranger.id, sessionId: session.sessionId })).toBe(false);
    expect(await findCurrentSession(session)).not.toBeNull();
  });

  it('"sign out other sessions" ends every listed session but this one', async () => {
    const { id, accountId } = await user();
    const earlier = Date.now() - 60_000;
    const here = await signedIn(id, accountId, FIREFOX_WINDOWS, '203.0.113.7', earlier);
    const there = await signedIn(id, accountId, SAFARI_IPHONE, '198.51.100.2', earlier);
    await endUserSessions({ userId: id, keepSessionId: here.sessionId });
    expect(await findCurrentSession(there)).toBeNull();
    expect(await findCurrentSession(here)).not.toBeNull();
    expect((await listUserSessions({ userId: id, currentSessionId: here.sessionId })).map((s) => s.id)).toEqual([
      here.sessionId,
    ]);
  });

  it('writes last seen and the address at most once a minute', async () => {
    const { id, accountId } = await user();
    const session = await signedIn(id, accountId, FIREFOX_WINDOWS, '203.0.113.7', Date.parse('2026-01-01T10:00:00Z'));
    const seen = async (at: string, ip: string) => {
      const row = await db.userSession.findUniqueOrThrow({ where: { id: session.sessionId } });
      await noteSessionSeen({
        ...session,
        lastSeenAt: row.lastSeenAt,
        ip,
        now: new Date(at),
      });
      return db.userSession.findUniqueOrThrow({ where: { id: session.sessionId } });
    };
    expect(await seen('2026-01-01T10:00:59Z', '192.0.2.1')).toMatchObject({
      lastSeenAt: new Date('2026-01-01T10:00:00Z'),
      ip: '203.0.113.7',
    });
    expect(await seen('2026-01-01T10:01:01Z', '192.0.2.1')).toMatchObject({
      lastSeenAt: new Date('2026-01-01T10:01:01Z'),
      ip: '192.0.2.1',
    });
    expect(await seen('2026-01-01T10:01:30Z', '192.0.2.9')).toMatchObject({
      lastSeenAt: new Date('2026-01-01T10:01:01Z'),
      ip: '192.0.2.1',
    });
  });

  // An ended session must not come back once its row is forgotten.
  it('keeps an ended token refused after its row is pruned and the owner signs in again (test clock)', async () => {
    const { id, accountId } = await user();
    const t0 = Date.parse('2026-03-01T09:00:00Z');
    const stolen = await signedIn(id, accountId, FIREFOX_WINDOWS, '203.0.113.7', t0);
    expect(await endUserSession({ userId: id, sessionId: stolen.sessionId })).toBe(true);
    // Its holder keeps the cookie fresh (the proxy no longer re-issues it; see proxy.test.ts): still refused.
    expect(await findCurrentSession({ ...stolen, now: new Date(t0 + 3_600_000) })).toBeNull();
    // Weeks later the owner signs in again: the ended row is pruned then.
    const later = t0 + 30 * 24 * 3_600_000;
    const owner = await signedIn(id, accountId, SAFARI_IPHONE, '198.51.100.2', later);
    expect(await db.userSession.findUnique({ where: { id: stolen.sessionId } })).toBeNull();
    expect(await findCurrentSession({ ...stolen, now: new Date(later + 60_000) })).toBeNull();
    expect(await findCurrentSession({ ...owner, now: new Date(later + 60_000) })).not.toBeNull();
  });

  it('refuses a token whose session row is missing, even within its lifetime', async () => {
    const { id, accountId } = await user();
    const session = await signedIn(id, accountId, FIREFOX_WINDOWS, '203.0.113.7');
    expect(await findCurrentSession(session)).not.toBeNull();
    await db.userSession.delete({ where: { id: session.sessionId } });
    expect(await findCurrentSession(session)).toBeNull();
    // Nor does seeing it make the row again.
    await noteSessionSeen({ ...session, lastSeenAt: new Date(0), ip: null });
    expect(await db.userSession.findUnique({ where: { id: session.sessionId } })).toBeNull();
    // A token without a session id or sign-in time (from before rows were kept) is refused too.
    expect(await findCurrentSession({ userId: id, accountId })).toBeNull();
  });

  it('ends every session SESSION_MAX_AGE after its sign-in, however often it is used', async () => {
    const { id, accountId } = await user();
    const t0 = Date.parse('2026-04-01T09:00:00Z');
    const session = await signedIn(id, accountId, FIREFOX_WINDOWS, '203.0.113.7', t0);
    const maxAgeMs = 604_800 * 1000; // SESSION_MAX_AGE's default: 7 days
    for (let day = 1; day < 7; day++) {
      const now = new Date(t0 + day * 24 * 3_600_000);
      const found = await findCurrentSession({ ...session, now });
      expect(found).not.toBeNull();
      await noteSessionSeen({ ...session, lastSeenAt: found!.row.lastSeenAt, ip: null, now });
    }
    expect(await findCurrentSession({ ...session, now: new Date(t0 + maxAgeMs - 1) })).not.toBeNull();
    expect(await findCurrentSession({ ...session, now: new Date(t0 + maxAgeMs) })).toBeNull();
    expect(await listUserSessions({ userId: id, now: new Date(t0 + maxAgeMs) })).toEqual([]);
  });
});

describe('describeUserAgent', () => {
  it.each([
    [FIREFOX_WINDOWS, 'Firefox on Windows'],
    [SAFARI_IPHONE, 'Safari on iOS'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
    [null, 'Unknown device'],
  ])('%s is %s', (ua, device) => {
    expect(describeUserAgent(ua)).toBe(device);
  });
});
