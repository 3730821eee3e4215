// createApiKeyAction with a name a live key of the account already has: the refusal lands on the
// name field (the form focuses it), with what was typed kept. Next's session and cache are stood in for.
import { describe, expect, it, vi } from 'vitest';

import type { ConsoleSession } from '@/lib/auth/require-session';
import { listApiKeys } from '@/lib/server/keys/list-api-keys';
import { seedAccount } from '@/lib/server/keys/__tests__/support/seed';

const signedIn = vi.hoisted(() => ({ session: null as ConsoleSession | null }));

vi.mock('@/lib/auth/require-session', () => ({
  requireSession: async () => {
    if (!signedIn.session) throw new Error('no session in this test');
    return signedIn.session;
  },
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

const { createApiKeyAction } = await import('@/lib/actions/api-keys');

function nameForm(name: string): FormData {
  const form = new FormData();
  form.set('name', name);
  return form;
}

describe('createApiKeyAction and key names', () => {
  it('answers a taken name with a field error on name and keeps the typed value', async () => {
    const account = await seedAccount('names');
    signedIn.session = { userId: account.actor.id, accountId: account.accountId, email: account.actor.label };

    const first = await createApiKeyAction({ status: 'idle' }, nameForm('production'));
    expect(first.status).toBe('success');

    const again = await createApiKeyAction({ status: 'idle' }, nameForm('  PRODUCTION '));
    expect(again).toEqual({
      status: 'error',
      message: 'The key was not created. Check the name.',
      fieldErrors: { name: ['You already have a key named “PRODUCTION”. Choose another name.'] },
      // Every field of the form comes back as typed (the optional expiry and limit were left empty).
      values: { name: '  PRODUCTION ', expiresOn: '', monthlyLimit: '' },
    });
    expect(await listApiKeys({ accountId: account.accountId })).toHaveLength(1);
  });
});
