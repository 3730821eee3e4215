import type { Metadata } from 'next';
import type { ReactNode } from 'react';

import { ActionForm } from '@/components/action-form';
import { SessionList } from '@/components/session-list';
import { TwoFactorSettings } from '@/components/two-factor-settings';
import { buttonClasses } from '@/components/ui/button';
import {
  changeEmailAction,
  changePasswordAction,
  deleteAccountAction,
  signOutOtherSessionsAction,
} from '@/lib/actions/account';
import { signInWithProviderAction } from '@/lib/actions/auth';
import { enabledOAuthProviders } from '@/lib/auth/config';
import { getAccountSettings } from '@/lib/server/account/get-account-settings';
import { getTwoFactorStatus } from '@/lib/server/auth/get-two-factor-status';
import { listUserSessions } from '@/lib/server/auth/list-user-sessions';
import { RECENT_SIGN_IN_MS } from '@/lib/server/auth/recent-sign-in';
import { requireSession } from '@/lib/auth/require-session';
import { DELETE_CONFIRMATION } from '@/lib/validation/account';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';

export const metadata: Metadata = { title: 'Account settings' };

function Section({
  id,
  title,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`flex ${wide ? 'max-w-3xl' : 'max-w-xl'} flex-col gap-3 rounded-lg border border-border bg-raised p-5`}
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const CURRENT_PASSWORD = {
  name: 'currentPassword',
  label: 'Current password',
  type: 'password',
  autoComplete: 'current-password',
} as const;
const NEW_EMAIL = { name: 'email', label: 'New email address', type: 'email', autoComplete: 'email' } as const;

/** For users without a password: a fresh sign-in through their provider stands in for it. */
function SignInAgain() {
  return (
    <div className="flex flex-wrap gap-2">
      {enabledOAuthProviders().map((provider) => (
        <form key={provider.id} action={signInWithProviderAction}>
          <input type="hidden" name="provider" value={provider.id} />
          <input type="hidden" name="callbackUrl" value="/settings" />
          <button type="submit" className={buttonClasses('secondary')}>
            Sign in again with {provider.name}
          </button>
        </form>
      ))}
    </div>
  );
}

export default async function SettingsPage() {
  const session = await requireSession();
  const settings = await getAccountSettings(session);
  const [twoFactor, sessions] = await Promise.all([
    getTwoFactorStatus({ userId: session.userId }),
    listUserSessions({ userId: session.userId, currentSessionId: session.sessionId }),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Account settings</h1>
        <p className="text-muted">
          {settings.email} · {settings.emailVerified ? 'verified' : 'not verified yet'}
        </p>
      </header>

      <Section id="email-heading" title="Email address">
        <p className="text-sm text-muted">
          We mail a link to the new address; the change takes effect when you follow it. Your current address is told,
          with a way to undo it.
        </p>
        {settings.hasPassword ? (
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
      </Section>

      {settings.hasPassword ? (
        <Section id="password-heading" title="Password">
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
        </Section>
      ) : null}

      {settings.hasPassword || twoFactor.enabledAt ? (
        <Section id="two-factor-heading" title="Two-factor sign-in">
          <TwoFactorSettings
            enabledAt={twoFactor.enabledAt?.toISOString() ?? null}
            recoveryCodesLeft={twoFactor.recoveryCodesLeft}
            pending={twoFactor.pending}
          />
        </Section>
      ) : null}

      <Section id="sessions-heading" title="Sessions" wide>
        <p className="text-sm text-muted">
          Where your account is signed in. Ending a session signs that browser out on its next request.
        </p>
        <SessionList
          sessions={sessions.map((s) => ({
            ...s,
            firstSeenAt: s.firstSeenAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
          }))}
        />
        <p className="text-sm text-muted">
          Sign out everywhere else: other browsers and devices. This one stays signed in.
        </p>
        <ActionForm
          action={signOutOtherSessionsAction}
          fields={[]}
          submitLabel="Sign out other sessions"
          pendingLabel="Signing out…"
        />
      </Section>

      <Section id="delete-heading" title="Delete account">
        <p className="text-sm text-muted">
          Your keys stop working at once and your email, password and sign-in links are erased. Usage records and
          invoices are kept, as the law requires for billing records. Not possible while an invoice is unpaid.
        </p>
        <ActionForm
          action={deleteAccountAction}
          fields={[{ name: 'confirmation', label: `Type "${DELETE_CONFIRMATION}" to confirm`, autoComplete: 'off' }]}
          submitLabel="Delete account"
          pendingLabel="Deleting…"
          variant="danger"
        />
      </Section>
    </div>
  );
}
