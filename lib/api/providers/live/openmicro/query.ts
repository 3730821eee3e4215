// The spec's search query and filters -> app.bsky.feed.searchPosts parameters. Pure.
//   from:HANDLE -> author      lang:xx -> lang      domain:HOST -> domain      #tag -> tag (AND)
//   sort_by most_recent|relevance -> sort latest|top
//   start_date -> since (inclusive)   end_date -> until = the next day (until is exclusive)
// Quoted phrases and -exclusions stay in q (Lucene syntax, which searchPosts recommends); posts
// whose text still holds an excluded word are also dropped after fetching (see ./client.ts).
// A second from:, lang: or domain: stays in q, where the network's search reads it too.

const SEARCH_PATH = '/xrpc/app.bsky.feed.searchPosts';
/** Posts per platform page: the spec's page size (searchPosts allows 1-100). */
const PAGE_SIZE = 50;

export interface SearchInput {
  query: string;
  sort_by?: 'most_recent' | 'relevance';
  start_date?: string;
  end_date?: string;
}

export interface SearchPlan {
  q: string;
  sort: 'latest' | 'top';
  author?: string;
  lang?: string;
  domain?: string;
  tags: string[];
  since?: string;
  until?: string;
  /** Words and phrases the query excludes (-word, -"a phrase"), lower-cased. */
  excluded: string[];
}

/** Words, "quoted phrases" (an unclosed quote runs to the end) and -exclusions, in order. */
function tokensOf(query: string): string[] {
  return query.match(/-?"[^"]*"?|\S+/g) ?? [];
}

const unquote = (text: string) => text.replace(/^"|"$/g, '');

function nextDay(isoDate: string): string {
  const at = new Date(`${isoDate}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString();
}

export function planSearch(input: SearchInput): SearchPlan {
  const plan: SearchPlan = { q: '', sort: input.sort_by === 'relevance' ? 'top' : 'latest', tags: [], excluded: [] };
  const kept: string[] = [];
  for (const token of tokensOf(input.query)) {
    const operator = /^(from|lang|domain):(.+)$/i.exec(token);
    const name = operator?.[1]?.toLowerCase() as 'from' | 'lang' | 'domain' | undefined;
    const value = operator?.[2] ?? '';
    if (name === 'from' && plan.author === undefined) plan.author = value.replace(/^@/, '');
    else if (name === 'lang' && plan.lang === undefined) plan.lang = value;
    else if (name === 'domain' && plan.domain === undefined) plan.domain = value;
    else if (/^#[^\s#]+$/.test(token)) plan.tags.push(token.slice(1));
    else {
      if (token.length > 1 && token.startsWith('-')) plan.excluded.push(unquote(token.slice(1)).toLowerCase());
      kept.push(token);
    }
  }
  // searchPosts needs a q: a query made only of operators is sent whole as well (the network's
  // search reads from:, lang:, domain: and #tag in q too).
  plan.q = kept.join(' ') || input.query.trim();
  if (input.start_date) plan.since = `${input.start_date}T00:00:00.000Z`;
  if (input.end_date) plan.until = nextDay(input.end_date);
  return plan;
}

/**
 * One platform page's request. `tag` repeats for each tag, which a query object cannot hold, so
 * the tags ride in the path's own query string (the platform client adds the rest after them).
 */
export function searchRequest(plan: SearchPlan, cursor: string | undefined) {
  const tags = plan.tags.map((tag) => `tag=${encodeURIComponent(tag)}`).join('&');
  return {
    path: tags ? `${SEARCH_PATH}?${tags}` : SEARCH_PATH,
    query: {
      q: plan.q,
      sort: plan.sort,
      limit: PAGE_SIZE,
      cursor,
      author: plan.author,
      lang: plan.lang,
      domain: plan.domain,
      since: plan.since,
      until: plan.until,
    },
  };
}

/** Whether a post's text holds an excluded word or phrase (as a whole word, any case). */
export function holdsExcluded(text: string, excluded: readonly string[]): boolean {
  if (excluded.length === 0) return false;
  const lower = text.toLowerCase();
  return excluded.some((word) => {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(lower);
  });
}
