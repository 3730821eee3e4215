// Where a signed-out visitor is sent: the sign-in page, remembering the console page they asked for.

/** Request header proxy.ts sets on console requests to the page's path, for requireSession. */
export const CONSOLE_PATH_HEADER = 'x-console-path';

/** A same-site path (not `//host` or `/\host`, which browsers read as another site). */
export function isLocalPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** The sign-in page, with `callbackUrl` when the page asked for is known and local. */
export function signInPath(callbackPath?: string | null): string {
  return isLocalPath(callbackPath) ? `/sign-in?callbackUrl=${encodeURIComponent(callbackPath)}` : '/sign-in';
}
