'use server';

import { CredentialsSignin } from 'next-auth';
import type { z } from 'zod';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';

import { signIn, signOut } from '@/lib/auth';
import { enabledOAuthProviders } from '@/lib/auth.config';
import { env } from '@/lib/env';
import { createAccountWithUser } from '@/lib/server/accounts/create-account-with-user';
import { EmailTakenError } from '@/lib/server/accounts/email-taken-error';
import { clientAddress } from '@/lib/server/auth/client-address';
import { endUserSessions } from '@/lib/server/auth/end-user-sessions';
import { sendEmailVerification } from '@/lib/server/account/send-email-verification';
import { noteSignUpForTakenEmail } from '@/lib/server/auth/note-sign-up-for-taken-email';
import { takeThrottleAttempt } from '@/lib/server/auth/take-throttle-attempt';
import { throttleKeyForSignUp } from '@/lib/server/auth/throttle-policy';
import { getConsoleSession } from '@/lib/server/auth/get-console-session';
import { localPath } from '@/lib/sign-in-path';
import { signInSchema, signUpSchema } from '@/lib/validation/auth';

import { fieldErrorsFrom, type ActionState } from './action-state';

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

/** What sign-up answers when it creates nothing, whether or not the email has an account. */
const SIGN_UP_REFUSED = 'We could not create an account with these details. If you already have one, sign in instead.';

/** Signs in with the credentials provider; returns an error state, or null when signed in. */
async function passwordSignIn(email: string, password: string): Promise<ActionState | null> {
  try {
    await signIn('credentials', { email, password, redirect: false });
    return null;
  } catch (error) {
    if (error instanceof CredentialsSignin) {
      return {
        status: 'error',
        message: lockedMessage(error.code) ?? 'Incorrect email or password.',
        values: { email },
      };
    }
    console.error('Sign-in failed', error);
    return { status: 'error', message: 'Sign-in is unavailable right now. Please try again.', values: { email } };
  }
}

/** The email and password of a form, validated; every field's error when they are invalid. */
function parseCredentials<T>(schema: { safeParse(raw: unknown): z.ZodSafeParseResult<T> }, formData: FormData) {
  const raw = { email: String(formData.get('email') ?? ''), password: String(formData.get('password') ?? '') };
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { success: true as const, data: parsed.data };
  const state: ActionState = {
    status: 'error',
    message: 'Check the highlighted fields.',
    fieldErrors: fieldErrorsFrom(parsed.error.issues),
    values: { email: raw.email },
  };
  return { success: false as const, state };
}

export async function signInAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const parsed = parseCredentials(signInSchema, formData);
  if (!parsed.success) return parsed.state;
  const failure = await passwordSignIn(parsed.data.email, parsed.data.password);
  if (failure) return failure;
  redirect(safeCallback(formData.get('callbackUrl')));
}

/**
 * Sign-up, throttled per client address (an IPv6 /64). It never says an email is registered:
 * for a taken email with that user's own password it signs them in as a new account would be;
 * with any other password it answers as for any refused sign-up, and the owner is told
 * (noteSignUpForTakenEmail).
 */
export async function signUpAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const parsed = parseCredentials(signUpSchema, formData);
  if (!parsed.success) return parsed.state;
  const { email, password } = parsed.data;
  const ip = clientAddress((await headers()).get('x-forwarded-for'), env.TRUSTED_PROXY_HOPS);
  if (ip) {
    const lockedForMs = await takeThrottleAttempt({ keys: [throttleKeyForSignUp(ip)] });
    if (lockedForMs > 0) return { status: 'error', message: tooManyAttempts(Math.ceil(lockedForMs / 60_000)), values: { email } };
  }
  let created: Awaited<ReturnType<typeof createAccountWithUser>>;
  try {
    created = await createAccountWithUser({ email, password, requireVerification: true });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) {
      console.error('Sign-up failed', error);
      return { status: 'error', message: 'Sign-up is unavailable right now. Please try again.', values: { email } };
    }
    const failure = await passwordSignIn(email, password);
    if (!failure) redirect(HOME);
    await noteSignUpForTakenEmail({ email });
    return { status: 'error', message: SIGN_UP_REFUSED, values: { email } };
  }
  await sendEmailVerification({ userId: created.user.id, email: created.user.email });
  const failure = await passwordSignIn(email, password);
  if (failure) return failure;
  redirect(HOME);
}

export async function signInWithProviderAction(formData: FormData): Promise<void> {
  const provider = String(formData.get('provider') ?? '');
  // Only a configured provider; anything else would land on Auth.js's own error page.
  if (!enabledOAuthProviders().some((p) => p.id === provider)) redirect('/sign-in');
  await signIn(provider, { redirectTo: safeCallback(formData.get('callbackUrl')) });
}

export async function signOutAction(): Promise<void> {
  const session = await getConsoleSession();
  // Ends the session on the server too: a cookie that survives sign-out no longer works.
  if (session) await endUserSessions({ userId: session.userId });
  await signOut({ redirectTo: '/' });
}
