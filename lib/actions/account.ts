'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';

import { signOut } from '@/lib/auth';
import { env } from '@/lib/env';
import { formatCents } from '@/lib/money';
import { changePassword } from '@/lib/server/account/change-password';
import { deleteAccount, type DeleteAccountRefusal } from '@/lib/server/account/delete-account';
import { requestPasswordReset } from '@/lib/server/account/request-password-reset';
import { requestEmailChange } from '@/lib/server/account/request-email-change';
import { resetPassword } from '@/lib/server/account/reset-password';
import { secureAccount } from '@/lib/server/account/secure-account';
import { sendEmailVerification } from '@/lib/server/account/send-email-verification';
import { verifyEmail } from '@/lib/server/account/verify-email';
import { clientAddress } from '@/lib/http/client-address';
import { endUserSessions } from '@/lib/server/auth/end-user-sessions';
import { RECENT_SIGN_IN_MS } from '@/lib/server/auth/recent-sign-in';
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  secureAccountSchema,
} from '@/lib/validation/account';

import type { ActionState } from './action-state';
import { refuseWithoutRecentAuthentication } from './recent-authentication';
import { runAction, runPublicAction } from './run-action';

const CHECK_FIELDS = 'Check the highlighted fields.';

function formValues(formData: FormData, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(formData.get(n) ?? '')]));
}

/** The client's address as the trusted proxy reported it, for the throttles. */
async function requestIp(): Promise<string | null> {
  return clientAddress((await headers()).get('x-forwarded-for'), env.TRUSTED_PROXY_HOPS);
}

function tooManyAttempts(minutes: number): string {
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

const WRONG_CURRENT_PASSWORD: ActionState = {
  status: 'error',
  message: CHECK_FIELDS,
  fieldErrors: { currentPassword: ['The current password is not right'] },
};

const TOKEN_FAILURES = {
  invalid: 'This link is not valid. Ask for a new one.',
  expired: 'This link has expired. Ask for a new one.',
  used: 'This link was already used, or a newer one replaced it. Ask for a new one.',
  email_taken: 'That email address now belongs to another account.',
} as const;

/** Same answer whether or not the email has an account (no way to learn who is a customer). */
export async function requestPasswordResetAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const raw = formValues(formData, ['email']);
  return runPublicAction({
    name: 'requestPasswordReset',
    form: { raw, schema: forgotPasswordSchema, values: raw, invalid: CHECK_FIELDS },
    run: async ({ input }) => {
      const waitMinutes = await requestPasswordReset({ email: input.email, ip: await requestIp() });
      if (waitMinutes > 0) {
        return {
          status: 'error',
          message: `Too many requests, try again in ${waitMinutes} ${waitMinutes === 1 ? 'minute' : 'minutes'}.`,
          values: raw,
        };
      }
      return {
        status: 'success',
        message: `If ${input.email} has an account, we have mailed it a link to reset the password. It works for 30 minutes.`,
      };
    },
  });
}

export async function resetPasswordAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runPublicAction({
    name: 'resetPassword',
    form: { raw: formValues(formData, ['token', 'password']), schema: resetPasswordSchema, invalid: CHECK_FIELDS },
    run: async ({ input }) => {
      const result = await resetPassword(input);
      if (!result.ok) return { status: 'error', message: TOKEN_FAILURES[result.reason] };
      redirect('/sign-in?reset=1');
    },
  });
}

/** The recovery link mailed to a previous address: restores it, sets a password, signs out everywhere. */
export async function secureAccountAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runPublicAction({
    name: 'secureAccount',
    form: { raw: formValues(formData, ['token', 'password']), schema: secureAccountSchema, invalid: CHECK_FIELDS },
    run: async ({ input }) => {
      const result = await secureAccount(input);
      if (!result.ok) return { status: 'error', message: TOKEN_FAILURES[result.reason] };
      redirect('/sign-in?secured=1');
    },
  });
}

export async function verifyEmailAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runPublicAction({
    name: 'verifyEmail',
    run: async () => {
      const result = await verifyEmail({ token: String(formData.get('token') ?? '') });
      if (!result.ok) return { status: 'error', message: TOKEN_FAILURES[result.reason] };
      return {
        status: 'success',
        message: result.changed ? `Your email address is now ${result.email}.` : `${result.email} is verified.`,
      };
    },
  });
}

export async function resendVerificationAction(_previous: ActionState): Promise<ActionState> {
  return runAction({
    name: 'resendVerification',
    run: async ({ session }) => {
      await sendEmailVerification({ userId: session.userId, email: session.email });
      return { status: 'success', message: `We sent a new link to ${session.email}.` };
    },
  });
}

export async function changePasswordAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runAction({
    name: 'changePassword',
    form: {
      raw: formValues(formData, ['currentPassword', 'password']),
      schema: changePasswordSchema,
      invalid: CHECK_FIELDS,
    },
    run: async ({ session, input }) => {
      const result = await changePassword({
        userId: session.userId,
        ...input,
        keepSessionId: session.sessionId,
        ip: await requestIp(),
      });
      if (!result.ok)
        return result.reason === 'locked'
          ? { status: 'error', message: tooManyAttempts(result.retryAfterMinutes) }
          : WRONG_CURRENT_PASSWORD;
      // A session from before sessions had ids cannot be kept: it ends with the others.
      if (!session.sessionId) await signOut({ redirectTo: '/sign-in' });
      return { status: 'success', message: 'Password changed. Your other sessions are signed out.' };
    },
  });
}

/**
 * Mails a link to the new address (the change takes effect when it is followed) and a notice to
 * the current one. Needs the current password, or for OAuth-only users a recent sign-in.
 */
export async function changeEmailAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const raw = formValues(formData, ['email', 'currentPassword']);
  const values = { email: raw.email ?? '' };
  return runAction({
    name: 'changeEmail',
    form: { raw, schema: changeEmailSchema, values, invalid: CHECK_FIELDS },
    run: async ({ session, input: { email, currentPassword } }): Promise<ActionState> => {
      const result = await requestEmailChange({
        userId: session.userId,
        newEmail: email,
        currentPassword,
        signedInAt: session.signedInAt,
        ip: await requestIp(),
      });
      if (result.ok) {
        return {
          status: 'success',
          message: `We mailed a link to ${email}. Your email address changes when you follow it. We told your current address too.`,
        };
      }
      switch (result.reason) {
        case 'same_email':
          return {
            status: 'error',
            message: CHECK_FIELDS,
            fieldErrors: { email: ['That is already your email address'] },
            values,
          };
        case 'password_required':
          return {
            status: 'error',
            message: CHECK_FIELDS,
            fieldErrors: { currentPassword: ['Enter your current password'] },
            values,
          };
        case 'wrong_password':
          return { ...WRONG_CURRENT_PASSWORD, values };
        case 'locked':
          return { status: 'error', message: tooManyAttempts(result.retryAfterMinutes), values };
        case 'sign_in_again':
          return {
            status: 'error',
            message: `Changing the email needs a sign-in within the last ${RECENT_SIGN_IN_MS / 60_000} minutes. Sign in again, then change it.`,
            values,
          };
      }
    },
  });
}

export async function signOutOtherSessionsAction(_previous: ActionState): Promise<ActionState> {
  return runAction({
    name: 'signOutOtherSessions',
    run: async ({ session }) => {
      await endUserSessions({ userId: session.userId, keepSessionId: session.sessionId });
      if (!session.sessionId) await signOut({ redirectTo: '/sign-in' });
      return { status: 'success', message: 'Every other session is signed out.' };
    },
  });
}

const DELETION_REFUSED: Record<DeleteAccountRefusal, string> = {
  unpaid_invoice: 'Your account has an unpaid invoice. Pay it on the billing page, then delete the account.',
  account_blocked:
    'Your account is blocked until what it owes is settled (a failed payment or a lost dispute). Settle it on the billing page, then delete the account.',
};

export async function deleteAccountAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const raw = formValues(formData, ['confirmation']);
  return runAction({
    name: 'deleteAccount',
    form: { raw, schema: deleteAccountSchema, values: raw, invalid: CHECK_FIELDS },
    run: async ({ session }) => {
      // A session alone must not delete the account (a stolen cookie, an unlocked browser).
      const refused = await refuseWithoutRecentAuthentication(session, formData, 'Deleting the account');
      if (refused) return { ...refused, values: raw };
      const result = await deleteAccount({ accountId: session.accountId });
      if (!result.ok)
        return {
          status: 'error',
          // What is owed, and the invoice's page to pay it (delete-account.ts closed the months first).
          message:
            result.reason === 'unpaid_invoice'
              ? `Your account owes ${formatCents(result.dueCents)}, which could not be charged. Pay it, then delete the account.`
              : DELETION_REFUSED[result.reason],
          link:
            result.reason === 'unpaid_invoice'
              ? { href: result.payUrl, label: 'Pay what is owed' }
              : { href: '/billing', label: 'Go to billing' },
          values: raw,
        };
      await signOut({ redirectTo: '/account-deleted' });
      return { status: 'success' };
    },
  });
}
