import 'server-only';

import { env } from '@/lib/env';

/** An absolute link to a console page, for mail (CONSOLE_PUBLIC_URL, else this machine's port). */
export function consoleUrl(path: string): string {
  const base = (env.CONSOLE_PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return `${base}${path}`;
}
