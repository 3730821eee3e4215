import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';

import { ActionForm } from '@/components/forms/action-form';
import { SessionList } from '@/components/account/session-list';
import { TwoFactorSettings } from '@/components/account/two-factor-settings';
import { buttonClasses } from '@/components/ui/button';
import { WebhooksSettings, WebhooksSettingsSkeleton } from '@/components/webhooks/webhooks-settings';
import {
  changeEmailAction,
  changePasswordAction,
  deleteAccountAction,
  signOutOtherSessionsAction,
} from '@/lib/actions/account';
import { signInWithProviderAction } from '@/lib/actions/auth';
import { linkSignInMethodAction, removeSignInMethodAction } from '@/lib/actions/sign-in-methods';
import { enabledOAuthProviders } from '@/lib/auth/config';
import { getAccountSettings } from '@/lib/server/account/get-account-settings';
import { getTwoFactorStatus } from '@/lib/server/auth/get-two-factor-status';
import { listOAuthIdentities } from '@/lib/server/auth/link-oauth-identity';
import { listUserSessions } from '@/lib/server/auth/list-user-sessions';
import { RECENT_SIGN_IN_MS } from '@/lib/server/auth/recent-sign-in';
import { requireSession } from '@/lib/auth/require-session';
import { DELETE_CONFIRMATION } from '@/lib/validation/account';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';

export const metadata: Metadata = { title: 'Account settings' };

// Every card has the same width (the sessions table and the webhooks need the room; the others
// line up with them), and none is wider than the page: min-w-0 lets a table scroll inside its card.
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex w-full min-w-0 max-w-3xl flex-col gap-3 rounded-lg border border-border bg-raised p-5 max-sm:p-4"
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

const LINK_OUTCOMES: Record<string, (provider: string) => { text: string; ok: boolean }> = {
  linked: (p) => ({ text: `${p} is linked: it signs in to this account now. We mailed your address.`, ok: true }),
  already_linked: (p) => ({ text: `That ${p} account was already linked to this account.`, ok: true }),
  taken: (p) => ({ text: `That ${p} account signs in to another account here, so it was not linked.`, ok: false }),
  expired: (p) => ({ text: `Linking ${p} took too long. Start again.`, ok: false }),
};

/** What the provider's callback reported after "Link …" (lib/auth/index.ts), from the URL. */
function LinkOutcome({ outcome, provider }: { outcome?: string; provider?: string }) {
  const words = outcome && Object.hasOwn(LINK_OUTCOMES, outcome) ? LINK_OUTCOMES[outcome] : undefined;
  const name = enabledOAuthProviders().find((p) => p.id === provider)?.name;
  if (!words || !name) return null;
  const { text, ok } = words(name);
  return (
    <p
      role={ok ? 'status' : 'alert'}
      className={`rounded-md border p-3 text-sm ${ok ? 'border-border bg-surface' : 'border-danger bg-danger-soft text-danger'}`}
    >
      {text}
    </p>
  );
}

/** GitHub and Google: linked ones can be removed, others linked; both need the password (or a recent sign-in). */
function SignInMethods({
  hasPassword,
  linked,
}: {
  hasPassword: boolean;
  linked: { provider: string; createdAt: Date }[];
}) {
  const providers = enabledOAuthProviders();
  if (providers.length === 0) return <p className="text-sm text-muted">No other sign-in method is configured here.</p>;
  const proof = hasPassword ? [CURRENT_PASSWORD] : [];
  return (
    <ul className="flex flex-col gap-4">
      {providers.map((provider) => {
        const since = linked.find((l) => l.provider === provider.id)?.createdAt;
        return (
          <li key={provider.id} className="flex flex-col gap-2">
            <p className="text-sm">
              <strong>{provider.name}</strong>:{' '}
              {since ? `linked since ${since.toISOString().slice(0, 10)}` : 'not linked'}
            </p>
            <ActionForm
              action={since ? removeSignInMethodAction : linkSignInMethodAction}
              fields={proof}
              hidden={{ provider: provider.id }}
              submitLabel={since ? `Remove ${provider.name}` : `Link ${provider.name}`}
              pendingLabel={since ? 'Removing…' : 'Going to the provider…'}
              variant={since ? 'danger' : 'primary'}
            />
          </li>
        );
      })}
    </ul>
  );
}

export default async function SettingsPage({
  searchParams,
}: {
  searchParams: Promise<{ link?: string; provider?: string }>;
}) {
  const session = await requireSession();
  const settings = await getAccountSettings(session);
  const [twoFactor, sessions, identities, { link, provider }] = await Promise.all([
    getTwoFactorStatus({ userId: session.userId }),
    listUserSessions({ userId: session.userId, currentSessionId: session.sessionId }),
    listOAuthIdentities({ userId: session.userId }),
    searchParams,
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

      <Section id="sign-in-methods-heading" title="Sign-in methods">
        <p className="text-sm text-muted">
          {settings.hasPassword
            ? 'Sign in with a provider as well as your password. Linking or removing one asks for your password, and we mail your address.'
            : `Linking or removing a provider needs a sign-in within the last ${RECENT_SIGN_IN_MS / 60_000} minutes, and we mail your address.`}
          {twoFactor.enabledAt ? ' Two-factor sign-in asks for a code after a provider too.' : null}
        </p>
        <LinkOutcome outcome={link} provider={provider} />
        <SignInMethods hasPassword={settings.hasPassword} linked={identities} />
      </Section>

      <Section id="sessions-heading" title="Sessions">
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

      <Section id="webhooks-heading" title="Webhooks">
        <Suspense fallback={<WebhooksSettingsSkeleton />}>
          <WebhooksSettings accountId={session.accountId} />
        </Suspense>
      </Section>

      <Section id="delete-heading" title="Delete account">
        <p className="text-sm text-muted">
          Your keys stop working at once and your email, password and sign-in links are erased. Usage records and
          invoices are kept, as the law requires for billing records. Not possible while an invoice is unpaid.
          {settings.hasPassword
            ? ' It asks for your password.'
            : ` It needs a sign-in within the last ${RECENT_SIGN_IN_MS / 60_000} minutes.`}
        </p>
        <ActionForm
          action={deleteAccountAction}
          fields={[
            { name: 'confirmation', label: `Type "${DELETE_CONFIRMATION}" to confirm`, autoComplete: 'off' },
            ...(settings.hasPassword ? [CURRENT_PASSWORD] : []),
          ]}
          submitLabel="Delete account"
          pendingLabel="Deleting…"
          variant="danger"
        />
      </Section>
    </div>
  );
}
