'use server';

import { revalidatePath } from 'next/cache';

import { requireSession } from '@/lib/auth/require-session';
import { ConsoleError } from '@/lib/server/console-error';
import { createApiKey } from '@/lib/server/keys/create-api-key';

import type { ActionState } from './action-state';

/**
 * "Create a key for the explorer": a normal key of the account, named for the explorer, counted
 * toward the ten like any other. Its plaintext goes back once, to be shown and kept in the tab.
 */
export async function createExplorerKeyAction(_previous: ActionState): Promise<ActionState> {
  const session = await requireSession();
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  try {
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
  } catch (error) {
    if (error instanceof ConsoleError) return { status: 'error', message: error.message };
    console.error('Explorer key action failed', error);
    return { status: 'error', message: 'Something went wrong. Please try again.' };
  }
}
