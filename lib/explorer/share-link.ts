// Share links: `/explorer?path=/v1/<…>&<param>=<value>…`. They carry the endpoint and its
// parameters, never a key or a token (left out when a link is made, and when one is read), and
// open the explorer prefilled.

/**
 * A parameter name that could carry a key or a token (key, api_key, x-api-key, token,
 * authorization, …): never put in a share link, read from one, or kept in the history.
 */
export function mayHoldSecret(name: string): boolean {
  return /key|token|secret|authorization/i.test(name);
}

/** The explorer's address for a call. */
export function explorerLink(path: string, params: readonly (readonly [string, string])[]): string {
  const query = new URLSearchParams([
    ['path', path],
    ...params.filter(([name, v]) => v !== '' && !mayHoldSecret(name)),
  ] as [string, string][]);
  return `/explorer?${query.toString().replace(/%2F/g, '/')}`;
}

/** The endpoint and parameters of a share link's query string. */
export function readShareLink(search: URLSearchParams): { path: string | null; params: [string, string][] } {
  const path = search.get('path');
  const params = [...search.entries()].filter(([name]) => name.toLowerCase() !== 'path' && !mayHoldSecret(name));
  return { path: path?.startsWith('/v1/') ? path : null, params };
}
