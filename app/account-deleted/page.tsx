import type { Metadata } from 'next';
import Link from 'next/link';

import { PublicPage } from '@/components/layout/public-page';

export const metadata: Metadata = { title: 'Account deleted' };

// GET /account-deleted: where account deletion ends, signed out.
export default function AccountDeletedPage() {
  return (
    <PublicPage>
      <h1 className="text-2xl font-semibold">Your account is deleted</h1>
      <p>
        You are signed out, your API keys no longer work, and your email address, name and card are removed. Usage
        records and invoices are kept as billing records, without them.
      </p>
      <p className="text-muted">
        Want to come back?{' '}
        <Link href="/sign-up" className="font-medium text-primary underline">
          Create a new account
        </Link>
        .
      </p>
    </PublicPage>
  );
}
