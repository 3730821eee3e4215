import type { Metadata } from 'next';
import Link from 'next/link';

import { ActionForm } from '@/components/action-form';
import { AuthCard } from '@/components/auth-card';
import { resetPasswordAction } from '@/lib/actions/account';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';

export const metadata: Metadata = { title: 'Choose a new password' };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = '' } = await searchParams;
  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Link href="/forgot-password" className="font-medium text-primary underline">
          Ask for a new link
        </Link>
      }
    >
      <ActionForm
        action={resetPasswordAction}
        hidden={{ token }}
        fields={[{ name: 'password', label: 'New password', type: 'password', autoComplete: 'new-password', hint: `At least ${PASSWORD_MIN_LENGTH} characters.` }]}
        submitLabel="Set new password"
        pendingLabel="Saving…"
      />
    </AuthCard>
  );
}
