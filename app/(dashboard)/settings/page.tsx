import type { Metadata } from 'next';
import { Suspense } from 'react';

import {
  DeleteAccountSettings,
  EmailSettings,
  PasswordSettings,
  SessionsSettings,
} from '@/components/account/account-settings-forms';
import { SettingsSection } from '@/components/account/settings-section';
import { LinkOutcome, SignInMethods } from '@/components/account/sign-in-methods';
import { TwoFactorSettings } from '@/components/account/two-factor-settings';
import { WebhooksSettings, WebhooksSettingsSkeleton } from '@/components/webhooks/webhooks-settings';
import { requireSession } from '@/lib/auth/require-session';
import { getAccountSettings } from '@/lib/server/account/get-account-settings';
import { getTwoFactorStatus } from '@/lib/server/auth/get-two-factor-status';
import { listOAuthIdentities } from '@/lib/server/auth/link-oauth-identity';
import { listUserSessions } from '@/lib/server/auth/list-user-sessions';
import { RECENT_SIGN_IN_MS } from '@/lib/server/auth/recent-sign-in';

export const metadata: Metadata = { title: 'Account settings' };

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

      <SettingsSection id="email-heading" title="Email address">
        <EmailSettings hasPassword={settings.hasPassword} />
      </SettingsSection>

      {settings.hasPassword ? (
        <SettingsSection id="password-heading" title="Password">
          <PasswordSettings />
        </SettingsSection>
      ) : null}

      {settings.hasPassword || twoFactor.enabledAt ? (
        <SettingsSection id="two-factor-heading" title="Two-factor sign-in">
          <TwoFactorSettings
            enabledAt={twoFactor.enabledAt?.toISOString() ?? null}
            recoveryCodesLeft={twoFactor.recoveryCodesLeft}
            pending={twoFactor.pending}
          />
        </SettingsSection>
      ) : null}

      <SettingsSection id="sign-in-methods-heading" title="Sign-in methods">
        <p className="text-sm text-muted">
          {settings.hasPassword
            ? 'Sign in with a provider as well as your password. Linking or removing one asks for your password, and we mail your address.'
            : `Linking or removing a provider needs a sign-in within the last ${RECENT_SIGN_IN_MS / 60_000} minutes, and we mail your address.`}
          {twoFactor.enabledAt ? ' Two-factor sign-in asks for a code after a provider too.' : null}
        </p>
        <LinkOutcome outcome={link} provider={provider} />
        <SignInMethods hasPassword={settings.hasPassword} linked={identities} />
      </SettingsSection>

      <SettingsSection id="sessions-heading" title="Sessions">
        <SessionsSettings
          sessions={sessions.map((s) => ({
            ...s,
            firstSeenAt: s.firstSeenAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
          }))}
        />
      </SettingsSection>

      <SettingsSection id="webhooks-heading" title="Webhooks">
        <Suspense fallback={<WebhooksSettingsSkeleton />}>
          <WebhooksSettings accountId={session.accountId} />
        </Suspense>
      </SettingsSection>

      <SettingsSection id="delete-heading" title="Delete account">
        <DeleteAccountSettings hasPassword={settings.hasPassword} />
      </SettingsSection>
    </div>
  );
}
