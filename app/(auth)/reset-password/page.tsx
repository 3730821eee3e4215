import type { Metadata } from 'next';
import Link from 'next/link';

import { ActionForm } from '@/components/forms/action-form';
import { AuthCard } from '@/components/auth/auth-card';
import { buttonClasses } from '@/components/ui/button';
import { resetPasswordAction } from '@/lib/actions/account';
import { checkPasswordResetLink } from '@/lib/server/account/reset-password';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/auth';

export const metadata: Metadata = { title: 'Choose a new password' };

// Said when the link is opened, before a new password is typed (the action still checks again).
const LINK_PROBLEMS = {
  invalid: {
    title: 'This link does not work',
    text: 'This reset link is not valid: it may be incomplete. Ask for a new one.',
  },
  expired: { title: 'This link has expired', text: 'Reset links work for 30 minutes. Ask for a new one.' },
  used: {
    title: 'This link was already used',
    text: 'Each reset link works once. If you did not reset your password yourself, ask for a new link and sign in.',
  },
} as const;

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const link = await checkPasswordResetLink({ token });
  const askAgain = (
    <Link href="/forgot-password" className="font-medium text-primary underline">
      Ask for a new link
    </Link>
  );
  if (!link.ok) {
    const problem = LINK_PROBLEMS[link.reason];
    return (
      <AuthCard title={problem.title} footer={askAgain}>
        <p role="alert" data-testid="reset-link-problem">
          {problem.text}
        </p>
        <Link href="/forgot-password" className={buttonClasses('primary')}>
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" footer={askAgain}>
      <ActionForm
        action={resetPasswordAction}
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
        submitLabel="Set new password"
        pendingLabel="Saving…"
      />
    </AuthCard>
  );
}
