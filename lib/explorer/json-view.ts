// Helpers of the response body view. Bodies up to LARGE_BODY_BYTES are shown as a collapsible
// tree; larger ones (a forumsite call of 40 pages is about 3.5 MB) as plain text in slices, so
// rendering never blocks the tab, with search over the text and a download of the whole body.

export { PARSE_LIMIT_BYTES as LARGE_BODY_BYTES } from './send-call';
/** How much text a large body shows at once, and adds per "Show more". */
export const TEXT_SLICE_CHARS = 16 * 1024;
/** Search results listed at most (the count says how many there are). */
const MATCH_LIMIT = 50;

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

/** How much text is searched between two pauses (see findInText). */
const SEARCH_CHUNK_CHARS = 256 * 1024;

/**
 * Where the query occurs in a large body's text (case-insensitive), with some context. Searched
 * a chunk at a time with pauses between, so a 3.5 MB body never blocks the tab; resolves null
 * when `signal` aborts first.
 */
export async function findInText(
  text: string,
  query: string,
  {
    limit = MATCH_LIMIT,
    signal,
    pause = () => new Promise<void>((r) => setTimeout(r, 0)),
  }: { limit?: number; signal?: AbortSignal; pause?: () => Promise<void> } = {},
): Promise<{ total: number; shown: TextMatch[] } | null> {
  const needle = query.trim().toLowerCase();
  const shown: TextMatch[] = [];
  let total = 0;
  if (!needle) return { total, shown };
  for (let start = 0; start < text.length; start += SEARCH_CHUNK_CHARS) {
    // Each chunk overlaps the next by the needle's length, and counts matches starting in it only.
    const chunk = text.slice(start, start + SEARCH_CHUNK_CHARS + needle.length - 1).toLowerCase();
    for (
      let i = chunk.indexOf(needle);
      i !== -1 && i < SEARCH_CHUNK_CHARS;
      i = chunk.indexOf(needle, i + needle.length)
    ) {
      const at = start + i;
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
    await pause();
    if (signal?.aborted) return null;
  }
  return { total, shown };
}

/** The file name a body downloads as: "forumsite-community-posts-<request id>.json". */
export function downloadName(path: string, requestId: string | null): string {
  const base = path.replace(/^\/v1\//, '').replace(/[^a-z0-9]+/gi, '-');
  return `${base}${requestId ? `-${requestId}` : ''}.json`;
}
