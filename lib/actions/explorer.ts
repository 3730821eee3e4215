'use server';

import { revalidatePath } from 'next/cache';

import { createApiKey } from '@/lib/server/keys/create-api-key';

import type { ActionState } from './action-state';
import { runAction } from './run-action';

/**
 * "Create a key for the explorer": a normal key of the account, named for the explorer, counted
 * toward the ten like any other. Its plaintext goes back once, to be shown and kept in the tab.
 */
export async function createExplorerKeyAction(_previous: ActionState): Promise<ActionState> {
  return runAction({
    name: 'createExplorerKey',
    run: async ({ session }) => {
      const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
      const { key, record } = await createApiKey({
        accountId: session.accountId,
        actor: { id: session.userId, label: session.email },
        name: `Explorer ${stamp} UTC`,
      });
      revalidatePath('/keys');
      return {
        status: 'success',
        message: `Key ${record.name ?? record.prefix} created and filled in for this tab. Copy it now if you want it elsewhere: it will not be shown again.`,
        createdKey: key,
      };
    },
  });
}
