// Share links: `/explorer?path=/v1/<…>&<param>=<value>…`. They carry the endpoint and its
// parameters, never a key, and open the explorer prefilled.

/** The explorer's address for a call. */
export function explorerLink(path: string, params: readonly (readonly [string, string])[]): string {
  const query = new URLSearchParams([['path', path], ...params.filter(([, v]) => v !== '')] as [string, string][]);
  return `/explorer?${query.toString().replace(/%2F/g, '/')}`;
}

/** Names that never come from a share link, whatever it holds. */
const refused = new Set(['path', 'api_key', 'x-api-key', 'key', 'apikey']);

/** The endpoint and parameters of a share link's query string. */
export function readShareLink(search: URLSearchParams): { path: string | null; params: [string, string][] } {
  const path = search.get('path');
  const params = [...search.entries()].filter(([name]) => !refused.has(name.toLowerCase()));
  return { path: path && path.startsWith('/v1/') ? path : null, params };
}
