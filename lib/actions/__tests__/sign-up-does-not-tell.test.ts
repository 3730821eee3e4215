// Sign-up never tells who is registered (neither a refusal for a taken address nor a sign-in with
// the owner's own password): every accepted sign-up answers "check your mail" and signs nobody in; a new address gets its verification link, a taken one a note to its owner.
// Only what Next and Auth.js provide around an action is stood in for: the request headers and
// Auth.js's signIn and error class (next-auth does not load outside Next); signIn must never be called.
import { randomUUID } from 'node:crypto';

import { beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '@/lib/db';

const request = vi.hoisted(() => ({ ip: '10.0.0.1', signIns: 0 }));

vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': request.ip }) }));
vi.mock('@/lib/auth', () => ({
  signIn: async () => {
    request.signIns += 1;
  },
  signOut: async () => undefined,
}));
vi.mock('next-auth', () => ({ CredentialsSignin: class CredentialsSignin extends Error {} }));

const { resendSignUpVerificationAction, signUpAction } = await import('@/lib/actions/auth');
const { createAccountWithUser } = await import('@/lib/server/account/create-account-with-user');
const { verifyEmail } = await import('@/lib/server/account/verify-email');
const { authenticateWithPassword } = await import('@/lib/server/auth/authenticate-with-password');
const { SIGN_UP_NOTICE_LIMIT, VERIFICATION_RESEND_LIMIT } = await import('@/lib/server/auth/throttle-policy');

const PASSWORD = 'correct horse battery staple';
const uniqueEmail = (label: string) => `${label}-${randomUUID()}@sign-up.test`;
const uniqueIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`;
const mailsTo = (to: string) => db.mailMessage.findMany({ where: { to }, orderBy: { createdAt: 'asc' } });

async function signUp(email: string, password: string) {
  request.ip = uniqueIp();
  const form = new FormData();
  form.set('email', email);
  form.set('password', password);
  return signUpAction({ status: 'idle' }, form);
}

function tokenIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}

beforeEach(() => {
  request.signIns = 0;
});

describe('sign-up does not tell who is registered', () => {
  it('answers a taken address exactly as a new one, signs nobody in, and mails the owner a sign-in and a reset link', async () => {
    const owner = uniqueEmail('owner');
    await createAccountWithUser({ email: owner, password: PASSWORD, emailVerified: true });
    const fresh = uniqueEmail('fresh');

    const forNew = await signUp(fresh, PASSWORD);
    const withOtherPassword = await signUp(owner, 'somebody else entirely');
    const withOwnersPassword = await signUp(owner, PASSWORD);

    expect(forNew.status).toBe('success');
    expect(forNew.message).toMatch(/^We sent a message to /);
    // The same answer, but for the address typed in.
    const asForNew = JSON.parse(JSON.stringify(forNew).replaceAll(fresh, owner));
    expect(withOtherPassword).toEqual(asForNew);
    expect(withOwnersPassword).toEqual(asForNew);
    expect(request.signIns).toBe(0);

    const notes = await mailsTo(owner);
    expect(notes.map((m) => m.subject)).toEqual([
      'Someone tried to create a Public Data API account with your address',
      'Someone tried to create a Public Data API account with your address',
    ]);
    expect(notes[0]!.text).toMatch(/https?:\/\/\S+\/sign-in\b/);
    expect(notes[0]!.text).toMatch(/https?:\/\/\S+\/forgot-password\b/);
    expect((await mailsTo(fresh)).map((m) => m.subject)).toEqual(['Verify your Public Data API email address']);
    expect(await db.user.count({ where: { email: owner } })).toBe(1);
  });

  it('refuses a new sign-up until its link is followed, as unverified with the right password, without mailing a link that would replace it', async () => {
    const email = uniqueEmail('pending');
    await signUp(email, PASSWORD);
    expect(await authenticateWithPassword({ email, password: 'not the password', ip: null })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await authenticateWithPassword({ email, password: PASSWORD, ip: null })).toEqual({
      ok: false,
      reason: 'unverified',
    });

    // Nothing was mailed by the refusals: the first link is the only one, and it still works.
    const links = await mailsTo(email);
    expect(links.map((m) => m.subject)).toEqual(['Verify your Public Data API email address']);
    expect(await verifyEmail({ token: tokenIn(links[0]!.text, '/verify-email') })).toEqual({
      ok: true,
      email,
      changed: false,
    });
    expect(await authenticateWithPassword({ email, password: PASSWORD, ip: null })).toMatchObject({ ok: true });
  });

  it('mails a new link when a pending sign-up asks for one, which replaces the first; any other address answers the same and gets nothing', async () => {
    const email = uniqueEmail('resend');
    await signUp(email, PASSWORD);
    const verified = uniqueEmail('verified');
    await createAccountWithUser({ email: verified, password: PASSWORD, emailVerified: true });
    const unknown = uniqueEmail('unknown');

    const answers = [];
    for (const address of [email, verified, unknown]) {
      request.ip = uniqueIp();
      const form = new FormData();
      form.set('email', address);
      answers.push(
        JSON.parse(
          JSON.stringify(await resendSignUpVerificationAction({ status: 'idle' }, form)).replaceAll(address, '<email>'),
        ),
      );
    }
    expect(answers[0]).toEqual({
      status: 'success',
      message: 'If <email> is waiting to be verified, a new link is on its way. Links mailed before it no longer work.',
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await mailsTo(verified)).toEqual([]);
    expect(await mailsTo(unknown)).toEqual([]);

    const links = await mailsTo(email);
    expect(links).toHaveLength(2);
    expect(await verifyEmail({ token: tokenIn(links[0]!.text, '/verify-email') })).toEqual({
      ok: false,
      reason: 'used',
    });
    expect(await verifyEmail({ token: tokenIn(links[1]!.text, '/verify-email') })).toMatchObject({ ok: true });
  });

  it(`sends at most ${VERIFICATION_RESEND_LIMIT} new links to one address an hour`, async () => {
    const email = uniqueEmail('resend-flood');
    await signUp(email, PASSWORD);
    const answers = [];
    for (let i = 0; i < VERIFICATION_RESEND_LIMIT + 1; i++) {
      request.ip = uniqueIp();
      const form = new FormData();
      form.set('email', email);
      answers.push(await resendSignUpVerificationAction({ status: 'idle' }, form));
    }
    expect(answers.at(-1)).toEqual({ status: 'error', message: 'Too many attempts, try again in 1 minute.' });
    expect(await mailsTo(email)).toHaveLength(1 + VERIFICATION_RESEND_LIMIT);
  });

  it(`mails the owner of a taken address at most ${SIGN_UP_NOTICE_LIMIT} times an hour, answering the same throughout`, async () => {
    const owner = uniqueEmail('flooded');
    await createAccountWithUser({ email: owner, password: PASSWORD, emailVerified: true });
    const answers = [];
    for (let i = 0; i < SIGN_UP_NOTICE_LIMIT + 2; i++) answers.push(await signUp(owner, `attempt number ${i}`));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.status).toBe('success');
    expect(await mailsTo(owner)).toHaveLength(SIGN_UP_NOTICE_LIMIT);
  });
});
