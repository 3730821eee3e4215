import type { Metadata } from 'next';

import { ApiKeyTable } from '@/components/keys/api-key-table';
import { CreateKeyForm } from '@/components/keys/create-key-form';
import { KeyActivityList } from '@/components/keys/key-activity-list';
import { KeyStatusProvider, KeyStatusRegion } from '@/components/keys/key-status';
import { requireSession } from '@/lib/auth/require-session';
import { listApiKeys } from '@/lib/server/keys/list-api-keys';
import { keyScopeOptions } from '@/lib/server/keys/key-scope-options';
import { listKeyEvents } from '@/lib/server/keys/list-key-events';

export const metadata: Metadata = { title: 'API keys' };

export default async function KeysPage() {
  const { accountId } = await requireSession();
  const [keys, events] = await Promise.all([listApiKeys({ accountId }), listKeyEvents({ accountId, limit: 10 })]);
  // Keys past their end (an expiry, a roll's grace period) are listed as expired and no longer count.
  const now = Date.now();
  const liveCount = keys.filter((key) => key.expiresAt === null || key.expiresAt.getTime() > now).length;
  return (
    <KeyStatusProvider>
      <div className="flex flex-col gap-8">
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold">API keys</h1>
          <p className="text-sm text-muted">
            Send a key in the <code className="font-mono">X-API-Key</code> header. Up to 10 keys; revoking one stops it
            at once. Roll a key to replace it, keeping the old one for a while.
          </p>
        </header>
        <section aria-labelledby="create-heading" className="flex flex-col gap-3">
          <h2 id="create-heading" className="text-lg font-semibold">
            Create a key
          </h2>
          <CreateKeyForm keyCount={liveCount} scopeOptions={keyScopeOptions()} />
          {/* One status line for the whole page: each outcome (create, copy, revoke, delete) replaces the last. */}
          <KeyStatusRegion />
        </section>
        <ApiKeyTable keys={keys} now={now} liveCount={liveCount} />
        <KeyActivityList events={events} />
      </div>
    </KeyStatusProvider>
  );
}
