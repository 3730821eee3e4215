import type { Metadata } from 'next';
import Link from 'next/link';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';

import { ActionForm } from '@/components/forms/action-form';
import { AuthCard } from '@/components/auth/auth-card';
import { twoFactorSignInAction } from '@/lib/actions/auth';
import { getConsoleSession } from '@/lib/auth/get-console-session';
import { readTwoFactorChallenge, TWO_FACTOR_COOKIE } from '@/lib/server/auth/two-factor-challenge';
import { localPath } from '@/lib/sign-in-path';

export const metadata: Metadata = { title: 'Two-factor sign-in' };

// The second step of a password sign-in with two-factor sign-in on: reached only with the password
// step's challenge cookie (no session exists until the code is right).
export default async function TwoFactorSignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string }>;
}) {
  if (await getConsoleSession()) redirect('/dashboard');
  const { callbackUrl } = await searchParams;
  const back = localPath(callbackUrl ?? '') ?? '/dashboard';
  const challenge = (await cookies()).get(TWO_FACTOR_COOKIE)?.value;
  if (!challenge || !readTwoFactorChallenge({ token: challenge }))
    redirect(`/sign-in?${new URLSearchParams({ callbackUrl: back, twoFactor: 'expired' })}`);
  return (
    <AuthCard
      title="Two-factor sign-in"
      footer={
        <Link href="/sign-in" className="font-medium text-primary underline">
          Back to sign-in
        </Link>
      }
    >
      <p className="mb-4 text-sm text-muted">
        Enter the 6-digit code your authenticator app shows for Public Data API. Lost your phone? Enter one of your
        recovery codes instead.
      </p>
      <ActionForm
        action={twoFactorSignInAction}
        fields={[
          {
            name: 'code',
            label: 'Authentication code',
            autoComplete: 'one-time-code',
            hint: 'A code from your app, or a recovery code such as abcde-fghjk.',
          },
        ]}
        hidden={{ callbackUrl: back }}
        submitLabel="Verify"
        pendingLabel="Verifying…"
      />
    </AuthCard>
  );
}
