import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';

import { AuthCard } from '@/components/auth/auth-card';
import { CredentialsForm } from '@/components/auth/credentials-form';
import { OAuthButtons } from '@/components/auth/oauth-buttons';
import { signUpAction } from '@/lib/actions/auth';
import { getConsoleSession } from '@/lib/auth/get-console-session';

export const metadata: Metadata = { title: 'Create an account' };

export default async function SignUpPage() {
  if (await getConsoleSession()) redirect('/dashboard');
  return (
    <AuthCard
      title="Create an account"
      footer={
        <>
          Already have an account?{' '}
          <Link href="/sign-in" className="font-medium text-primary underline">
            Sign in
          </Link>
        </>
      }
    >
      <CredentialsForm mode="sign-up" action={signUpAction} />
      <OAuthButtons />
      <p className="text-xs text-muted">
        By creating an account you agree to the{' '}
        <Link href="/terms" className="underline">
          terms of service
        </Link>{' '}
        and the{' '}
        <Link href="/privacy" className="underline">
          privacy policy
        </Link>
        .
      </p>
    </AuthCard>
  );
}
