import 'server-only';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';

import { CONSOLE_PATH_HEADER, signInPath } from '@/lib/sign-in-path';

import { getConsoleSession, type ConsoleSession } from './get-console-session';

export type { ConsoleSession };

/**
 * The signed-in user; signed-out visitors are sent to the sign-in page, and back to the page they
 * asked for afterwards. Every console page and server action calls this, whatever proxy.ts already
 * did: a session token can outlive its session (signed out from another tab, or a cookie set again
 * by a request that was in flight during sign-out).
 */
export async function requireSession(): Promise<ConsoleSession> {
  const session = await getConsoleSession();
  if (!session) redirect(signInPath((await headers()).get(CONSOLE_PATH_HEADER)));
  return session;
}
