import type { Metadata } from 'next';
import Link from 'next/link';

import { ActionForm } from '@/components/forms/action-form';
import { AuthCard } from '@/components/auth/auth-card';
import { requestPasswordResetAction } from '@/lib/actions/account';

export const metadata: Metadata = { title: 'Reset your password' };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      footer={
        <Link href="/sign-in" className="font-medium text-primary underline">
          Back to sign in
        </Link>
      }
    >
      <p className="mb-4 text-sm text-muted">
        Enter the email address of your account and we will mail you a link to choose a new password.
      </p>
      <ActionForm
        action={requestPasswordResetAction}
        fields={[{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }]}
        submitLabel="Send reset link"
        pendingLabel="Sending…"
        doneReplacesForm
      />
    </AuthCard>
  );
}
