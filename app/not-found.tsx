import Link from 'next/link';

import { PublicPage } from '@/components/layout/public-page';

export default function NotFound() {
  return (
    <PublicPage>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-muted">There is nothing at this address.</p>
      <Link href="/" className="font-medium text-primary underline">
        Go to the start page
      </Link>
    </PublicPage>
  );
}
