'use client';

import { useActionState, useEffect, useRef, useState } from 'react';

import { SubmitButton } from '@/components/forms/submit-button';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCopy } from '@/components/ui/use-copy';
import type { TwoFactorState } from '@/lib/actions/two-factor';
import {
  cancelTwoFactorSetupAction,
  confirmTwoFactorSetupAction,
  disableTwoFactorAction,
  regenerateRecoveryCodesAction,
  startTwoFactorSetupAction,
} from '@/lib/actions/two-factor';

export type TwoFactorSettingsProps = {
  /** ISO time two-factor sign-in was turned on; null when off. */
  enabledAt: string | null;
  recoveryCodesLeft: number;
  pending: { secret: string; qrDataUrl: string } | null;
};

type Action = (previous: TwoFactorState, formData: FormData) => Promise<TwoFactorState>;

function Outcome({ state }: { state: TwoFactorState }) {
  return (
    <div aria-live="polite" role="status" className="min-h-6 text-sm">
      {state.message ? (
        <p className={state.status === 'error' ? 'text-danger' : 'text-success'}>{state.message}</p>
      ) : null}
    </div>
  );
}

/** A form asking for a code; hands recovery codes it receives up, so they outlive the form. */
function CodeForm({
  action,
  label,
  submitLabel,
  pendingLabel,
  variant = 'primary',
  askPassword = false,
  onRecoveryCodes,
}: {
  action: Action;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  variant?: 'primary' | 'danger';
  /** Also asks for the current password (turning two-factor on: a session alone may be borrowed). */
  askPassword?: boolean;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  // The codes are handed up as the action answers, not from an effect: a form that turned two-factor
  // on leaves the page in the same refresh, before its effects would run.
  const [state, formAction, pending] = useActionState(
    async (previous: TwoFactorState, formData: FormData) => {
      const next = await action(previous, formData);
      if (next.recoveryCodes) onRecoveryCodes(next.recoveryCodes);
      return next;
    },
    { status: 'idle' } as TwoFactorState,
  );
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state.status === 'error' && state.fieldErrors)
      formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [state]);
  return (
    <form ref={formRef} action={formAction} className="flex flex-col gap-3" noValidate>
      <Input
        label={label}
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        spellCheck={false}
        errors={state.fieldErrors?.code}
      />
      {askPassword ? (
        <Input
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          errors={state.fieldErrors?.currentPassword}
        />
      ) : null}
      <SubmitButton pending={pending} pendingLabel={pendingLabel} variant={variant} className="self-start">
        {submitLabel}
      </SubmitButton>
      <Outcome state={state} />
    </form>
  );
}

function ButtonForm({
  action,
  label,
  pendingLabel,
  variant = 'primary',
}: {
  action: (previous: TwoFactorState) => Promise<TwoFactorState>;
  label: string;
  pendingLabel: string;
  variant?: 'primary' | 'secondary';
}) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle' } as TwoFactorState);
  return (
    <form action={formAction} className="flex flex-col gap-2">
      <SubmitButton pending={pending} pendingLabel={pendingLabel} variant={variant} className="self-start">
        {label}
      </SubmitButton>
      <Outcome state={state} />
    </form>
  );
}

/** The name the downloaded codes are saved under. */
const RECOVERY_CODES_FILE = 'public-data-api-recovery-codes.txt';

/** The codes as a file keeps them: what they are, then one code a line. */
function recoveryCodesText(codes: string[]): string {
  return [
    'Public Data API recovery codes',
    'Each signs in once in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { status, copy } = useCopy();
  const text = recoveryCodesText(codes);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3 rounded-md border border-warning bg-surface p-4">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold">
        Your recovery codes
      </h3>
      <p className="text-sm">
        Save them somewhere safe now: they are not shown again. Each signs in once in place of a code, if you lose your
        phone.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => copy(text, 'Recovery codes copied', 'recovery codes')}>
          Copy codes
        </Button>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={RECOVERY_CODES_FILE}
          className={buttonClasses('secondary', 'sm')}
        >
          Download codes
        </a>
        <span aria-live="polite" className="text-xs text-muted">
          {status}
        </span>
      </div>
      <button type="button" onClick={onDone} className="self-start text-sm font-medium text-primary underline">
        I have saved them
      </button>
    </div>
  );
}

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
