// Addresses of console pages that API errors point to (the 402, the 403): CONSOLE_PUBLIC_URL, or
// the console on this machine.
import { env } from '@/lib/env';

function consolePageUrl(path: string): string {
  return `${(env.CONSOLE_PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')}${path}`;
}

export function billingPageUrl(): string {
  return consolePageUrl('/billing');
}

export function settingsPageUrl(): string {
  return consolePageUrl('/settings');
}
