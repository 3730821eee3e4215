'use server';

import { revalidatePath } from 'next/cache';

import { endUserSession } from '@/lib/server/auth/end-user-session';

import type { ActionState } from './action-state';
import { runAction } from './run-action';

/** Ends one other session from the list in /settings (this one signs out from the menu). */
export async function endSessionAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runAction({
    name: 'endSession',
    run: async ({ session }) => {
      const sessionId = String(formData.get('sessionId') ?? '');
      if (!sessionId) return { status: 'error', message: 'Choose a session to end.' };
      if (sessionId === session.sessionId)
        return { status: 'error', message: 'This is the session you are using: sign out from the menu instead.' };
      const ended = await endUserSession({ userId: session.userId, sessionId });
      revalidatePath('/settings');
      return ended
        ? { status: 'success', message: 'That session is signed out.' }
        : { status: 'error', message: 'That session had already ended.' };
    },
  });
}
