import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';

import { AuthCard } from '@/components/auth/auth-card';
import { CredentialsForm } from '@/components/auth/credentials-form';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { resendSignUpVerificationAction, signInAction } from '@/lib/actions/auth';
import { enabledOAuthProviders } from '@/lib/auth/config';
import { getConsoleSession } from '@/lib/auth/get-console-session';

export const metadata: Metadata = { title: 'Sign in' };

const OAUTH_ERRORS: Record<string, (provider: string) => string> = {
  AccessDenied: () => 'That account could not be used to sign in. Its email must be verified with the provider.',
  OAuthAccountNotLinked: () => 'That account could not be linked. Sign in with your email and password.',
  // lib/auth/index.ts: an address alone never links a provider to an account with a password.
  OAuthLinkFromSettings: (provider) =>
    `An account with this email address already exists, and it signs in with a password. ${provider} was not linked to it: sign in with your password (and code), then link ${provider} in Settings, under Sign-in methods.`,
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{
    callbackUrl?: string;
    error?: string;
    provider?: string;
    reset?: string;
    secured?: string;
    twoFactor?: string;
  }>;
}) {
  if (await getConsoleSession()) redirect('/dashboard');
  const { callbackUrl, error, provider, reset, secured, twoFactor } = await searchParams;
  const providerName = enabledOAuthProviders().find((p) => p.id === provider)?.name ?? 'That provider';
  const oauthError =
    error && error !== 'CredentialsSignin'
      ? Object.hasOwn(OAUTH_ERRORS, error)
        ? OAUTH_ERRORS[error]!(providerName)
        : 'Sign-in failed. Please try again.'
      : null;
  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          No account yet?{' '}
          <Link href="/sign-up" className="font-medium text-primary underline">
            Create one
          </Link>
        </>
      }
    >
      {oauthError ? (
        <p role="alert" className="mb-4 rounded-md border border-danger bg-danger-soft p-3 text-sm text-danger">
          {oauthError}
        </p>
      ) : null}
      {reset === '1' ? (
        <p role="status" className="mb-4 rounded-md border border-border bg-surface p-3 text-sm">
          Your password is changed. Sign in with the new one.
        </p>
      ) : null}
      {secured === '1' ? (
        <p role="status" className="mb-4 rounded-md border border-border bg-surface p-3 text-sm">
          Your account is secured: its email address is back, every session is signed out. Sign in with the new
          password.
        </p>
      ) : null}
      {twoFactor === 'expired' ? (
        <p role="status" className="mb-4 rounded-md border border-border bg-surface p-3 text-sm">
          The code step waited too long. Sign in with your password again.
        </p>
      ) : null}
      <CredentialsForm
        mode="sign-in"
        action={signInAction}
        callbackUrl={callbackUrl}
        resendAction={resendSignUpVerificationAction}
      />
      <p className="mt-2 text-sm">
        <Link href="/forgot-password" className="font-medium text-primary underline">
          Forgot your password?
        </Link>
      </p>
      <OAuthButtons callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
