'use client';

import { useState } from 'react';

import {
  cancelTwoFactorSetupAction,
  confirmTwoFactorSetupAction,
  disableTwoFactorAction,
  regenerateRecoveryCodesAction,
  startTwoFactorSetupAction,
} from '@/lib/actions/two-factor';

import { RecoveryCodes } from './recovery-codes';
import { ButtonForm, CodeForm } from './two-factor-forms';

export type TwoFactorSettingsProps = {
  /** ISO time two-factor sign-in was turned on; null when off. */
  enabledAt: string | null;
  recoveryCodesLeft: number;
  pending: { secret: string; qrDataUrl: string } | null;
};

/** The two-factor section of /settings: set up (QR code, secret, first code), recovery codes, off. */
export function TwoFactorSettings({ enabledAt, recoveryCodesLeft, pending }: TwoFactorSettingsProps) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const groupedSecret = pending?.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <div className="flex flex-col gap-4">
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} /> : null}
      {enabledAt ? (
        <>
          <p className="text-sm">
            <strong>On</strong> since {enabledAt.slice(0, 10)}. Signing in with your password also asks for a code from
            your authenticator app. {recoveryCodesLeft} of 10 recovery codes left.
          </p>
          {/* Keys: each form keeps its own outcome, not the one of the form that stood here before. */}
          <CodeForm
            key="regenerate"
            action={regenerateRecoveryCodesAction}
            label="Code for new recovery codes"
            submitLabel="Make new recovery codes"
            pendingLabel="Making codes…"
            onRecoveryCodes={setRecoveryCodes}
          />
          <CodeForm
            key="disable"
            action={disableTwoFactorAction}
            label="Code to turn it off"
            submitLabel="Turn off two-factor sign-in"
            pendingLabel="Turning off…"
            variant="danger"
            onRecoveryCodes={setRecoveryCodes}
          />
        </>
      ) : pending ? (
        <>
          <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm">
            <li>
              Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy…).
              {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on the server */}
              <img
                src={pending.qrDataUrl}
                alt="QR code to add Public Data API to your authenticator app"
                width={192}
                height={192}
                className="mt-2 rounded-md bg-white p-1"
              />
            </li>
            <li>
              Or type this key into the app:{' '}
              <code className="break-all rounded bg-surface px-1 font-mono">{groupedSecret}</code>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <CodeForm
            key="confirm"
            action={confirmTwoFactorSetupAction}
            label="Code from your app"
            submitLabel="Turn on two-factor sign-in"
            pendingLabel="Checking…"
            askPassword
            onRecoveryCodes={setRecoveryCodes}
          />
          <ButtonForm
            action={cancelTwoFactorSetupAction}
            label="Cancel set-up"
            pendingLabel="Cancelling…"
            variant="secondary"
          />
        </>
      ) : (
        <>
          <p className="text-sm text-muted">
            Off. With it on, signing in with your password also asks for a code from an authenticator app on your phone.
          </p>
          <ButtonForm action={startTwoFactorSetupAction} label="Set up two-factor sign-in" pendingLabel="Starting…" />
        </>
      )}
    </div>
  );
}
