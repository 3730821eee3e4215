import 'server-only';

import { redirect } from 'next/navigation';

import { getConsoleSession, type ConsoleSession } from './get-console-session';

export type { ConsoleSession };

/**
 * The signed-in user; signed-out visitors are sent to the sign-in page. Every console page and
 * server action calls this, whatever proxy.ts already did.
 */
export async function requireSession(): Promise<ConsoleSession> {
  const session = await getConsoleSession();
  if (!session) redirect('/sign-in');
  return session;
}
