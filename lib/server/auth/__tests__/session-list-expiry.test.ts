// The sessions list leaves out a session unseen for longer than SESSION_MAX_AGE
// (its token can no longer be used), and keeps one seen within it. The session is never used after
// its sign-in, so the rule holds whether a session's life runs from its last use or from its
// sign-in. Read on a test clock (`now`) either side of the boundary, on the real database.
import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { env } from '@/lib/env';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { listUserSessions } from '@/lib/server/auth/list-user-sessions';
import { recordUserSession } from '@/lib/server/auth/record-user-session';

describe('the sessions list and SESSION_MAX_AGE', () => {
  it('lists a session until it has gone unseen for SESSION_MAX_AGE, and not a second longer', async () => {
    const { user } = await createAccountWithUser({
      email: `session-expiry-${randomUUID()}@auth.test`,
      password: 'correct horse battery staple',
    });
    // Signed in (and so last seen) at this moment, then never used again.
    const signedInAt = Date.now();
    const sessionId = randomUUID();
    await recordUserSession({
      sessionId,
      userId: user.id,
      signedInAt,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      ip: '203.0.113.9',
      method: 'password',
    });
    const maxAgeMs = env.SESSION_MAX_AGE * 1000;
    const listedAt = async (at: number) =>
      (await listUserSessions({ userId: user.id, now: new Date(at) })).map((s) => s.id);

    expect(await listedAt(signedInAt + 1000)).toEqual([sessionId]);
    expect(await listedAt(signedInAt + maxAgeMs - 1000)).toEqual([sessionId]);
    expect(await listedAt(signedInAt + maxAgeMs + 1000)).toEqual([]);
  });
});
