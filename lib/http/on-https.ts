import 'server-only';

import { headers } from 'next/headers';

import { env } from '@/lib/env';

/** Whether the console is reached over HTTPS (the proxy's X-Forwarded-Proto, or AUTH_URL): cookies set then are Secure. */
export async function onHttps(): Promise<boolean> {
  const h = await headers();
  return h.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' || env.AUTH_URL?.startsWith('https:') === true;
}
