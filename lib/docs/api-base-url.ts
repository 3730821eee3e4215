import 'server-only';

import { env } from '@/lib/env';

/**
 * Where code examples send calls: the API server's public address, else the console (which
 * mounts /v1 itself or forwards it to the API server).
 */
export function apiBaseUrl(): string {
  return (env.API_PUBLIC_URL ?? env.CONSOLE_PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}
