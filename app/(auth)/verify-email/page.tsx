import type { Metadata } from 'next';
import Link from 'next/link';

import { ActionForm } from '@/components/forms/action-form';
import { AuthCard } from '@/components/auth/auth-card';
import { verifyEmailAction } from '@/lib/actions/account';

export const metadata: Metadata = { title: 'Verify your email address' };

// Opening the link verifies in one step: the page posts itself as it loads (autoSubmit). The GET
// changes nothing, so mail scanners that fetch links without running scripts do not use them up.
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = '' } = await searchParams;
  return (
    <AuthCard
      title="Verify your email address"
      footer={
        <Link href="/keys" className="font-medium text-primary underline">
          Go to the console
        </Link>
      }
    >
      <ActionForm
        action={verifyEmailAction}
        hidden={{ token }}
        fields={[]}
        submitLabel="Verify email address"
        pendingLabel="Verifying…"
        doneReplacesForm
        autoSubmit={token !== ''}
      />
    </AuthCard>
  );
}
