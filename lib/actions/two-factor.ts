'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';

import { env } from '@/lib/env';
import { cancelTwoFactorSetup } from '@/lib/server/auth/cancel-two-factor-setup';
import { clientAddress } from '@/lib/http/client-address';
import { confirmTwoFactorSetup } from '@/lib/server/auth/confirm-two-factor-setup';
import { disableTwoFactor } from '@/lib/server/auth/disable-two-factor';
import { regenerateRecoveryCodes } from '@/lib/server/auth/regenerate-recovery-codes';
import { startTwoFactorSetup } from '@/lib/server/auth/start-two-factor-setup';

import type { ActionState } from './action-state';
import { refuseWithoutRecentAuthentication } from './recent-authentication';
import { runAction } from './run-action';

/** A two-factor form's state: the recovery codes, once, when they were just made. */
export type TwoFactorState = ActionState & { recoveryCodes?: string[] };

const CODE_MISSING: TwoFactorState = {
  status: 'error',
  message: 'Check the highlighted fields.',
  fieldErrors: { code: ['Enter the 6-digit code from your app'] },
};
const CODE_WRONG: TwoFactorState = {
  status: 'error',
  message: 'Check the highlighted fields.',
  fieldErrors: { code: ['That code is not right, or was already used'] },
};

function tooManyAttempts(minutes: number): TwoFactorState {
  return {
    status: 'error',
    message: `Too many attempts, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  };
}

async function requestIp(): Promise<string | null> {
  return clientAddress((await headers()).get('x-forwarded-for'), env.TRUSTED_PROXY_HOPS);
}

function codeOf(formData: FormData): string | null {
  const code = String(formData.get('code') ?? '').trim();
  return code ? code.slice(0, 64) : null;
}

function refused(result: { reason: 'wrong' } | { reason: 'locked'; retryAfterMinutes: number }): TwoFactorState {
  return result.reason === 'locked' ? tooManyAttempts(result.retryAfterMinutes) : CODE_WRONG;
}

export async function startTwoFactorSetupAction(_previous: TwoFactorState): Promise<TwoFactorState> {
  return runAction({
    name: 'startTwoFactorSetup',
    run: async ({ session }) => {
      const result = await startTwoFactorSetup({ userId: session.userId });
      revalidatePath('/settings');
      if (!result.ok) {
        return {
          status: 'error',
          message:
            result.reason === 'no_password'
              ? 'Two-factor sign-in guards a password, and you sign in without one.'
              : 'Two-factor sign-in is already on.',
        };
      }
      return {
        status: 'success',
        message: 'Scan the QR code with your authenticator app, then enter the code it shows.',
      };
    },
  });
}

export async function cancelTwoFactorSetupAction(_previous: TwoFactorState): Promise<TwoFactorState> {
  return runAction({
    name: 'cancelTwoFactorSetup',
    run: async ({ session }) => {
      await cancelTwoFactorSetup({ userId: session.userId });
      revalidatePath('/settings');
      return { status: 'success', message: 'Set-up cancelled.' };
    },
  });
}

export async function confirmTwoFactorSetupAction(
  _previous: TwoFactorState,
  formData: FormData,
): Promise<TwoFactorState> {
  return runAction({
    name: 'confirmTwoFactorSetup',
    run: async ({ session }): Promise<TwoFactorState> => {
      const code = codeOf(formData);
      if (!code) return CODE_MISSING;
      // A session alone must not turn it on (a secret of a thief's choosing would lock the owner out):
      // the current password first. The code above is the new app's, so it proves nothing here.
      const proof = new FormData();
      proof.set('currentPassword', String(formData.get('currentPassword') ?? ''));
      const unproven = await refuseWithoutRecentAuthentication(session, proof, 'Turning on two-factor sign-in');
      if (unproven) return unproven;
      const result = await confirmTwoFactorSetup({ userId: session.userId, code, ip: await requestIp() });
      revalidatePath('/settings');
      if (result.ok)
        return {
          status: 'success',
          message: 'Two-factor sign-in is on. Save your recovery codes now.',
          recoveryCodes: result.recoveryCodes,
        };
      if (result.reason === 'not_started')
        return { status: 'error', message: 'Set-up was cancelled or restarted elsewhere. Start it again.' };
      return refused(result);
    },
  });
}

export async function disableTwoFactorAction(_previous: TwoFactorState, formData: FormData): Promise<TwoFactorState> {
  return runAction({
    name: 'disableTwoFactor',
    run: async ({ session }) => {
      const code = codeOf(formData);
      if (!code) return CODE_MISSING;
      const result = await disableTwoFactor({ userId: session.userId, code, ip: await requestIp() });
      if (!result.ok) return refused(result);
      revalidatePath('/settings');
      return { status: 'success', message: 'Two-factor sign-in is off. Your password alone signs in.' };
    },
  });
}

export async function regenerateRecoveryCodesAction(
  _previous: TwoFactorState,
  formData: FormData,
): Promise<TwoFactorState> {
  return runAction({
    name: 'regenerateRecoveryCodes',
    run: async ({ session }): Promise<TwoFactorState> => {
      const code = codeOf(formData);
      if (!code) return CODE_MISSING;
      const result = await regenerateRecoveryCodes({ userId: session.userId, code, ip: await requestIp() });
      if (!result.ok) return refused(result);
      revalidatePath('/settings');
      return {
        status: 'success',
        message: 'New recovery codes made; the old ones no longer work. Save these now.',
        recoveryCodes: result.recoveryCodes,
      };
    },
  });
}
