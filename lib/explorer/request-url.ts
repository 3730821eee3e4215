// A call's URL, for the history list and the sender. Apart from send-call.ts, which loads with
// the first call rather than the page.

/** The request's URL on this origin, query string included. */
export function requestUrl(path: string, params: readonly (readonly [string, string])[]): string {
  const query = new URLSearchParams(params as [string, string][]).toString();
  return `${path}${query ? `?${query}` : ''}`;
}
