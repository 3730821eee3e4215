// The forms of /settings' account sections: the email address, the password, the sessions and
// the deletion. A user without a password proves it is them by a recent sign-in instead.
import { ActionForm } from '@/components/forms/action-form';
import {
  changeEmailAction,
  changePasswordAction,
  deleteAccountAction,
  signOutOtherSessionsAction,
} from '@/lib/actions/account';
import { RECENT_SIGN_IN_MS } from '@/lib/server/auth/recent-sign-in';
import { DELETE_CONFIRMATION } from '@/lib/validation/account';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';

import { SessionList, type SessionRow } from './session-list';
import { CURRENT_PASSWORD, NEW_EMAIL } from './settings-fields';
import { SignInAgain } from './sign-in-methods';

export function EmailSettings({ hasPassword }: { hasPassword: boolean }) {
  return (
    <>
      <p className="text-sm text-muted">
        We mail a link to the new address; the change takes effect when you follow it. Your current address is told,
        with a way to undo it.
      </p>
      {hasPassword ? (
        <ActionForm
          action={changeEmailAction}
          fields={[NEW_EMAIL, CURRENT_PASSWORD]}
          submitLabel="Change email"
          pendingLabel="Sending link…"
        />
      ) : (
        <>
          <p className="text-sm text-muted">
            You sign in without a password, so this needs a sign-in within the last {RECENT_SIGN_IN_MS / 60_000}{' '}
            minutes.
          </p>
          <ActionForm
            action={changeEmailAction}
            fields={[NEW_EMAIL]}
            submitLabel="Change email"
            pendingLabel="Sending link…"
          />
          <SignInAgain />
        </>
      )}
    </>
  );
}

export function PasswordSettings() {
  return (
    <>
      <p className="text-sm text-muted">Changing it signs out your other sessions.</p>
      <ActionForm
        action={changePasswordAction}
        fields={[
          CURRENT_PASSWORD,
          {
            name: 'password',
            label: 'New password',
            type: 'password',
            autoComplete: 'new-password',
            hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
          },
        ]}
        submitLabel="Change password"
        pendingLabel="Changing…"
      />
    </>
  );
}

export function SessionsSettings({ sessions }: { sessions: SessionRow[] }) {
  return (
    <>
      <p className="text-sm text-muted">
        Where your account is signed in. Ending a session signs that browser out on its next request.
      </p>
      <SessionList sessions={sessions} />
      <p className="text-sm text-muted">
        Sign out everywhere else: other browsers and devices. This one stays signed in.
      </p>
      <ActionForm
        action={signOutOtherSessionsAction}
        fields={[]}
        submitLabel="Sign out other sessions"
        pendingLabel="Signing out…"
      />
    </>
  );
}

export function DeleteAccountSettings({ hasPassword }: { hasPassword: boolean }) {
  return (
    <>
      <p className="text-sm text-muted">
        Your keys stop working at once and your email, password and sign-in links are erased. Usage records and invoices
        are kept, as the law requires for billing records. Not possible while an invoice is unpaid.
        {hasPassword
          ? ' It asks for your password.'
          : ` It needs a sign-in within the last ${RECENT_SIGN_IN_MS / 60_000} minutes.`}
      </p>
      <ActionForm
        action={deleteAccountAction}
        fields={[
          { name: 'confirmation', label: `Type "${DELETE_CONFIRMATION}" to confirm`, autoComplete: 'off' },
          ...(hasPassword ? [CURRENT_PASSWORD] : []),
        ]}
        submitLabel="Delete account"
        pendingLabel="Deleting…"
        variant="danger"
      />
    </>
  );
}
