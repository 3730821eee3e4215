// Helpers of the response body view. Bodies up to LARGE_BODY_BYTES are shown as a collapsible
// tree; larger ones (a forumsite call of 40 pages is about 3.5 MB) as plain text in slices, so
// rendering never blocks the tab, with search over the text and a download of the whole body.

export { PARSE_LIMIT_BYTES as LARGE_BODY_BYTES } from './send-call';
/** How much text a large body shows at once, and adds per "Show more". */
export const TEXT_SLICE_CHARS = 64 * 1024;
/** Search results listed at most (the count says how many there are). */
export const MATCH_LIMIT = 50;

export type JsonPath = string;

export function childPath(parent: JsonPath, key: string | number): JsonPath {
  return `${parent}/${String(key)}`;
}

function contains(text: string, needle: string): boolean {
  return text.toLowerCase().includes(needle);
}

/**
 * The paths of the tree to open for a search: every node whose key or scalar value contains the
 * query, and every node above one. Empty for a blank query.
 */
export function openPathsFor(value: unknown, query: string): Set<JsonPath> {
  const needle = query.trim().toLowerCase();
  const open = new Set<JsonPath>();
  if (!needle) return open;
  const visit = (node: unknown, path: JsonPath, key: string): boolean => {
    let hit = contains(key, needle);
    if (node !== null && typeof node === 'object') {
      const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
      for (const [k, v] of entries) {
        if (visit(v, childPath(path, k), Array.isArray(node) ? '' : k)) hit = true;
      }
      if (hit) open.add(path);
      return hit;
    }
    return hit || contains(String(node), needle);
  };
  visit(value, '', '');
  return open;
}

/** Whether a key or scalar matches the search, for highlighting. */
export function matches(text: string, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return needle !== '' && contains(text, needle);
}

export interface TextMatch {
  at: number;
  before: string;
  match: string;
  after: string;
}

/** Where the query occurs in a large body's text (case-insensitive), with some context. */
export function findInText(text: string, query: string, limit = MATCH_LIMIT): { total: number; shown: TextMatch[] } {
  const needle = query.trim().toLowerCase();
  if (!needle) return { total: 0, shown: [] };
  const haystack = text.toLowerCase();
  const shown: TextMatch[] = [];
  let total = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    total += 1;
    if (shown.length < limit) {
      shown.push({
        at,
        before: text.slice(Math.max(0, at - 40), at),
        match: text.slice(at, at + needle.length),
        after: text.slice(at + needle.length, at + needle.length + 40),
      });
    }
  }
  return { total, shown };
}

/** The file name a body downloads as: "forumsite-community-posts-<request id>.json". */
export function downloadName(path: string, requestId: string | null): string {
  const base = path.replace(/^\/v1\//, '').replace(/[^a-z0-9]+/gi, '-');
  return `${base}${requestId ? `-${requestId}` : ''}.json`;
}
