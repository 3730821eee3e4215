'use server';

import { CredentialsSignin } from 'next-auth';
import type { z } from 'zod';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';

import { signIn, signOut } from '@/lib/auth';
import { enabledOAuthProviders } from '@/lib/auth/config';
import { env } from '@/lib/env';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { isConsoleError } from '@/lib/server/console-error';
import { clientAddress } from '@/lib/http/client-address';
import { endUserSessions } from '@/lib/server/auth/end-user-sessions';
import { resendSignUpVerification } from '@/lib/server/account/resend-sign-up-verification';
import { sendEmailVerification } from '@/lib/server/account/send-email-verification';
import { noteSignUpForTakenEmail } from '@/lib/server/auth/note-sign-up-for-taken-email';
import { takeThrottleAttempt } from '@/lib/server/auth/take-throttle-attempt';
import { throttleKeyForSignUp } from '@/lib/server/auth/throttle-policy';
import { TWO_FACTOR_COOKIE } from '@/lib/server/auth/two-factor-challenge';
import { getConsoleSession } from '@/lib/auth/get-console-session';
import { localPath } from '@/lib/sign-in-path';
import { resendVerificationSchema } from '@/lib/validation/account';
import { signInSchema, signUpSchema } from '@/lib/validation/auth';

import type { ActionState } from './action-state';
import { failTheRequest, runPublicAction } from './run-action';

const HOME = '/dashboard';

/** A same-site path to return to after signing in; anything else falls back to the console. */
function safeCallback(value: FormDataEntryValue | null): string {
  return (typeof value === 'string' ? localPath(value) : null) ?? HOME;
}

function tooManyAttempts(minutes: number): string {
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

function lockedMessage(code: string): string | null {
  const match = /^locked:(\d+)$/.exec(code);
  return match ? tooManyAttempts(Number(match[1])) : null;
}

/**
 * What every accepted sign-up answers, new address or taken: the page, its status and its URL are
 * the same, and only the mailbox's owner learns which it was.
 */
function checkYourMail(email: string): ActionState {
  return {
    status: 'success',
    // The page's heading already says "Check your mail": the message goes on from there.
    message: `We sent a message to ${email}: follow its link to finish creating your account, then sign in. If the address already has an account, the message tells you how to sign in instead.`,
    values: { email },
  };
}

/**
 * Signs in with the credentials provider; returns an error state, null when signed in, or
 * 'two_factor' when the password was right and the code step follows (no session yet). Any other
 * failure is thrown, for runPublicAction to log and answer.
 */
async function passwordSignIn(email: string, password: string): Promise<ActionState | null | 'two_factor'> {
  try {
    await signIn('credentials', { email, password, redirect: false });
    return null;
  } catch (error) {
    if (!(error instanceof CredentialsSignin)) throw error;
    if (error.code === 'two_factor') return 'two_factor';
    if (error.code === 'unverified')
      return {
        status: 'error',
        message: `Your email address is not verified yet. Follow the link we mailed to ${email}, or ask for a new one.`,
        values: { email },
        resendVerificationTo: email,
      };
    return {
      status: 'error',
      // A sign-up not verified yet is told apart above: this is a wrong email or password.
      message: lockedMessage(error.code) ?? 'Incorrect email or password.',
      values: { email },
    };
  }
}

/** The email and password of a form, read through `schema`; only the email is given back. */
function credentialsForm<T>(schema: { safeParse(raw: unknown): z.ZodSafeParseResult<T> }, formData: FormData) {
  const raw = { email: String(formData.get('email') ?? ''), password: String(formData.get('password') ?? '') };
  return { raw, schema, values: { email: raw.email }, invalid: 'Check the highlighted fields.' };
}

export async function signInAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runPublicAction({
    name: 'signIn',
    form: credentialsForm(signInSchema, formData),
    failure: 'Sign-in is unavailable right now. Please try again.',
    run: async ({ input }) => {
      const failure = await passwordSignIn(input.email, input.password);
      const callbackUrl = safeCallback(formData.get('callbackUrl'));
      if (failure === 'two_factor') redirect(`/sign-in/two-factor?${new URLSearchParams({ callbackUrl })}`);
      if (failure) return failure;
      redirect(callbackUrl);
    },
  });
}

const CODE_CHECK = 'Check the highlighted fields.';

/**
 * The code step of a two-factor sign-in (/sign-in/two-factor): the challenge the password step left
 * in a cookie, and a code from the app or a recovery code. Wrong codes are throttled like passwords.
 */
export async function twoFactorSignInAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runPublicAction({
    name: 'twoFactorSignIn',
    failure: 'Sign-in is unavailable right now. Please try again.',
    run: async () => {
      const cookieJar = await cookies();
      const challenge = cookieJar.get(TWO_FACTOR_COOKIE)?.value;
      const callbackUrl = safeCallback(formData.get('callbackUrl'));
      const again = `/sign-in?${new URLSearchParams({ callbackUrl, twoFactor: 'expired' })}`;
      if (!challenge) redirect(again);
      const code = String(formData.get('code') ?? '')
        .trim()
        .slice(0, 64);
      if (!code)
        return {
          status: 'error',
          message: CODE_CHECK,
          fieldErrors: { code: ['Enter the code from your authenticator app, or a recovery code'] },
        };
      try {
        await signIn('two-factor', { challenge, code, redirect: false });
      } catch (error) {
        if (!(error instanceof CredentialsSignin)) throw error;
        if (error.code === 'expired') {
          cookieJar.delete({ name: TWO_FACTOR_COOKIE, path: '/sign-in' });
          redirect(again);
        }
        const locked = lockedMessage(error.code);
        return locked
          ? { status: 'error', message: locked }
          : {
              status: 'error',
              message: CODE_CHECK,
              fieldErrors: { code: ['That code is not right, or was already used'] },
            };
      }
      cookieJar.delete({ name: TWO_FACTOR_COOKIE, path: '/sign-in' });
      redirect(callbackUrl);
    },
  });
}

/**
 * Sign-up, throttled per client address (an IPv6 /64). It never says an email is registered and
 * signs nobody in: a new address gets a verification link (the account can be signed in to once it
 * is followed), a taken one a note to its owner (noteSignUpForTakenEmail), and both answer
 * "check your mail". Both hash the password (createAccountWithUser does, before it finds the
 * address taken) and queue one mail, so they take about as long.
 */
export async function signUpAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runPublicAction({
    name: 'signUp',
    form: credentialsForm(signUpSchema, formData),
    failure: 'Sign-up is unavailable right now. Please try again.',
    run: async ({ input: { email, password } }) => {
      const ip = clientAddress((await headers()).get('x-forwarded-for'), env.TRUSTED_PROXY_HOPS);
      if (ip) {
        const lockedForMs = await takeThrottleAttempt({ keys: [throttleKeyForSignUp(ip)] });
        if (lockedForMs > 0)
          return { status: 'error', message: tooManyAttempts(Math.ceil(lockedForMs / 60_000)), values: { email } };
      }
      try {
        const created = await createAccountWithUser({ email, password, requireVerification: true });
        await sendEmailVerification({ userId: created.user.id, email: created.user.email });
      } catch (error) {
        if (!isConsoleError(error, 'email_taken')) throw error;
        await noteSignUpForTakenEmail({ email });
      }
      return checkYourMail(email);
    },
  });
}

/**
 * "Send a new link" after a sign-in was refused for an unverified address: a new verification link
 * that replaces the earlier ones, asked for by the user. One answer whether or not the address is
 * waiting for verification; throttled per address and per client.
 */
export async function resendSignUpVerificationAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runPublicAction({
    name: 'resendSignUpVerification',
    form: {
      raw: { email: String(formData.get('email') ?? '') },
      schema: resendVerificationSchema,
      invalid: () => ({
        status: 'error',
        message: 'Enter a valid email address, then sign in again to ask for a new link.',
      }),
    },
    run: async ({ input: { email } }) => {
      const ip = clientAddress((await headers()).get('x-forwarded-for'), env.TRUSTED_PROXY_HOPS);
      const minutes = await resendSignUpVerification({ email, ip });
      if (minutes > 0) return { status: 'error', message: tooManyAttempts(minutes) };
      return {
        status: 'success',
        message: `If ${email} is waiting to be verified, a new link is on its way. Links mailed before it no longer work.`,
      };
    },
  });
}

export async function signInWithProviderAction(formData: FormData): Promise<void> {
  await runPublicAction({
    name: 'signInWithProvider',
    failure: failTheRequest,
    run: async () => {
      const provider = String(formData.get('provider') ?? '');
      // Only a configured provider; anything else would land on Auth.js's own error page.
      if (!enabledOAuthProviders().some((p) => p.id === provider)) redirect('/sign-in');
      await signIn(provider, { redirectTo: safeCallback(formData.get('callbackUrl')) });
      return { status: 'idle' };
    },
  });
}

export async function signOutAction(): Promise<void> {
  await runPublicAction({
    name: 'signOut',
    failure: failTheRequest,
    run: async () => {
      const session = await getConsoleSession();
      // Ends the session on the server too: a cookie that survives sign-out no longer works.
      if (session) await endUserSessions({ userId: session.userId });
      await signOut({ redirectTo: '/' });
      return { status: 'idle' };
    },
  });
}
