// Changing the email to an address another account owns mails no verification
// link to that address (its owner would get a link to hand over their address), and the answer is
// the one a free address gets, so the form does not tell whether an address has an account. Only
// what Next and Auth.js provide around an action is stood in for: the session and the headers.
import { randomUUID } from 'node:crypto';

import { describe, expect, it, vi } from 'vitest';

import { db } from '@/lib/db';
import type { ConsoleSession } from '@/lib/auth/require-session';

const request = vi.hoisted(() => ({ session: null as ConsoleSession | null }));

vi.mock('@/lib/auth/require-session', () => ({
  requireSession: async () => {
    if (!request.session) throw new Error('no session in this test');
    return request.session;
  },
}));
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': '10.40.19.1' }) }));
vi.mock('@/lib/auth', () => ({
  signIn: async () => {
    throw new Error('no sign-in in this test');
  },
  signOut: async () => {
    throw new Error('no sign-out in this test');
  },
}));

const { changeEmailAction } = await import('@/lib/actions/account');
const { createAccountWithUser } = await import('@/lib/server/account/create-account-with-user');

const PASSWORD = 'correct horse battery staple';
const uniqueEmail = (label: string) => `${label}-${randomUUID()}@taken-address.test`;

async function signedInUser() {
  const email = uniqueEmail('owner');
  const { user } = await createAccountWithUser({ email, password: PASSWORD });
  request.session = {
    userId: user.id,
    accountId: user.accountId,
    email,
    sessionId: randomUUID(),
    signedInAt: Date.now(),
  };
  return { email, userId: user.id };
}

async function changeEmail(email: string) {
  const data = new FormData();
  data.set('email', email);
  data.set('currentPassword', PASSWORD);
  return changeEmailAction({ status: 'idle' }, data);
}

const mailsTo = (to: string) => db.mailMessage.findMany({ where: { to }, select: { subject: true, text: true } });

describe('a change of email to an address another account owns', () => {
  it('mails that address nothing, keeps no link for it, and answers as for a free address', async () => {
    const taken = uniqueEmail('someone-else');
    await createAccountWithUser({ email: taken, password: 'their own passphrase' });
    const mailedBefore = await mailsTo(taken);

    const { userId } = await signedInUser();
    const answer = await changeEmail(taken);
    expect(answer).toEqual({
      status: 'success',
      message: `We mailed a link to ${taken}. Your email address changes when you follow it. We told your current address too.`,
    });
    expect(await mailsTo(taken)).toEqual(mailedBefore);
    expect(await db.userToken.count({ where: { userId, email: taken } })).toBe(0);

    // The same request to a free address does mail its link there.
    const free = uniqueEmail('free');
    expect((await changeEmail(free)).status).toBe('success');
    expect((await mailsTo(free)).map((m) => m.subject)).toEqual(['Confirm your new Public Data API email address']);
  });
});
