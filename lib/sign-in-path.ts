// Where a signed-out visitor is sent: the sign-in page, remembering the console page they asked for.

/** Request header proxy.ts sets on console requests to the page's path, for requireSession. */
export const CONSOLE_PATH_HEADER = 'x-console-path';

// Any origin will do: a value is local when resolving it against this one stays on it.
const BASE = 'http://console.invalid';
// Browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.example` or
// `/\evil.example` would leave the site although they start with one slash.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/**
 * The same-site path a value names, normalised (path, query and fragment), or null for anything
 * that is not a path on this site: another origin, `//host`, control characters, backslashes.
 */
export function localPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || UNSAFE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A normalised path that starts with two slashes would be read as a host again.
  return path.startsWith('//') ? null : path;
}

/** Whether a value is a same-site path (see localPath). */
export function isLocalPath(path: string | null | undefined): path is string {
  return localPath(path) !== null;
}

/** The sign-in page, with `callbackUrl` when the page asked for is known and local. */
export function signInPath(callbackPath?: string | null): string {
  const path = localPath(callbackPath);
  return path ? `/sign-in?callbackUrl=${encodeURIComponent(path)}` : '/sign-in';
}
