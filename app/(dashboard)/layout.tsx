import Link from 'next/link';
import type { ReactNode } from 'react';

import { AccountMenu } from '@/components/layout/account-menu';
import { BlockedBanner } from '@/components/billing/blocked-banner';
import { DashboardNav } from '@/components/layout/dashboard-nav';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { VerifyEmailBanner } from '@/components/auth/verify-email-banner';
import { getAccountSettings } from '@/lib/server/account/get-account-settings';
import { requireSession } from '@/lib/auth/require-session';
import { getAccountStanding } from '@/lib/server/billing/get-account-standing';
import { getAmountsDue } from '@/lib/server/billing/get-amounts-due';
import { env } from '@/lib/env';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  const [standing, settings] = await Promise.all([
    getAccountStanding({ accountId: session.accountId }),
    getAccountSettings(session),
  ]);
  const due = standing ? await getAmountsDue({ accountId: session.accountId }) : null;
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="relative border-b border-border bg-bg">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-3 sm:px-6">
          <Link href="/dashboard" className="mr-2 shrink-0 font-semibold">
            <span className="hidden sm:inline">Public Data API</span>
            <span className="sm:hidden">PDA</span>
          </Link>
          <DashboardNav />
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <ThemeToggle />
            <AccountMenu email={session.email} userId={session.userId} />
          </div>
        </div>
      </header>
      {settings.verificationRequired ? <VerifyEmailBanner email={settings.email} /> : null}
      {standing && due ? <BlockedBanner standing={standing} due={due} supportEmail={env.SUPPORT_EMAIL} /> : null}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-3 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
