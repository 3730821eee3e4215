import type { Metadata } from 'next';
import Link from 'next/link';

import { ActionForm } from '@/components/forms/action-form';
import { AuthCard } from '@/components/auth/auth-card';
import { secureAccountAction } from '@/lib/actions/account';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';

export const metadata: Metadata = { title: 'Secure your account' };

// The recovery link mailed to the previous address on an email change. It lands on a form, not on
// the change itself: mail scanners that open links must not use it up.
export default async function SecureAccountPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = '' } = await searchParams;
  return (
    <AuthCard
      title="Secure your account"
      footer={
        <Link href="/sign-in" className="font-medium text-primary underline">
          Sign in
        </Link>
      }
    >
      <p className="mb-4 text-sm text-muted">
        This puts back the email address this link was mailed to, sets a new password and signs out every session,
        everywhere.
      </p>
      <ActionForm
        action={secureAccountAction}
        hidden={{ token }}
        fields={[
          {
            name: 'password',
            label: 'New password',
            type: 'password',
            autoComplete: 'new-password',
            hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
          },
        ]}
        submitLabel="Secure my account"
        pendingLabel="Securing…"
      />
    </AuthCard>
  );
}
