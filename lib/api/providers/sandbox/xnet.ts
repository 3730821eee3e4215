// Sandbox data for the xnet family: post search, newest first or by relevance, with numeric
// post ids and author figures that stay the same for one author across posts.
import { familySite } from '../../families';
import type { XnetPost } from '../../registry/xnet';
import type { FamilyPath, ParamsOf } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { hashtagsOf, itemRng, listSeed, pageWindow, person, tagWords } from './people';
import { formatDate, SANDBOX_NOW, sentence, throwOnSandboxInput } from './random';

const PAGE = 20;
const MAX_PAGES = 10;
/** The platform's recent search looks back seven days. */
const WINDOW_SECONDS = 7 * 86400;

type PostsQuery = ParamsOf<'/v1/xnet/posts'>;

/** The query's words without operators (from:, lang:, -word, is:), so that posts visibly match it. */
function keywordOf(query: string): string {
  return query
    .replace(/"/g, '')
    .split(/\s+/)
    .filter((w) => w && !w.startsWith('-') && !/^[a-z_]+:/i.test(w))
    .join(' ');
}

function searchPosts(params: PostsQuery) {
  throwOnSandboxInput(params, []);
  const { source, domain } = familySite('xnet');
  const seed = listSeed('/v1/xnet/posts', params);
  const window = pageWindow(itemRng(seed, -1), PAGE, params.pages, MAX_PAGES);
  const step = Math.floor(WINDOW_SECONDS / (PAGE * MAX_PAGES));
  const keyword = keywordOf(params.query);
  const posts: XnetPost[] = [];
  for (let i = 0; i < window.count; i++) {
    const rng = itemRng(seed, i);
    const who = person(rng);
    const at =
      params.sort_by === 'most_recent'
        ? SANDBOX_NOW - i * step - rng.int(0, step - 1)
        : SANDBOX_NOW - rng.int(0, WINDOW_SECONDS);
    const tag = rng.bool(0.35) ? rng.pick(tagWords) : '';
    const mention = rng.bool(0.15) ? person(rng).handle : '';
    const isReply = rng.bool(0.2);
    const snippet = `${isReply ? `@${person(rng).handle} ` : ''}${sentence(rng)}${keyword ? ` ${keyword}` : ''}${tag ? ` #${tag}` : ''}${mention ? ` @${mention}` : ''}`;
    const likes = rng.bool(0.3) ? 0 : rng.int(1, 20000);
    // A post id grows with time on this network (a snowflake): the time in its upper bits.
    const postId = `${BigInt(at - 1288834974) * 4194304n * 1000n + BigInt(rng.int(0, 4194303))}`;
    posts.push({
      title: `@${who.handle} on ${source}`,
      url: `https://${domain}/${who.handle}/status/${postId}`,
      date: formatDate(at),
      author: who.handle,
      source,
      domain,
      snippet,
      likes,
      retweets: Math.floor(likes / rng.int(3, 15)),
      replies: Math.floor(likes / rng.int(5, 40)),
      quotes: Math.floor(likes / rng.int(20, 200)),
      bookmarks: Math.floor(likes / rng.int(8, 60)),
      views: rng.bool(0.1) ? null : likes * rng.int(20, 120) + rng.int(0, 500),
      author_followers: rng.int(0, 2_000_000),
      author_verified: rng.bool(0.08),
      lang: rng.bool(0.1) ? '' : 'en',
      is_reply: isReply,
      is_quote: rng.bool(0.1),
      hashtags: hashtagsOf(snippet),
      user_mentions: [...snippet.matchAll(/@(\w[\w.]*)/g)].map((m) => m[1]!),
      post_id: postId,
    });
  }
  const pages = Math.max(1, Math.ceil(posts.length / PAGE));
  return { body: { posts, pages, count: posts.length }, pagesReturned: pages };
}

export const xnetSandbox: SandboxHandlers<FamilyPath<'xnet'>> = {
  '/v1/xnet/posts': searchPosts,
};

export const xnetSandboxNotes: string[] = [
  '`GET /v1/xnet/posts?query=sandbox_rate_limited` → 429 upstream_rate_limit (sandbox_upstream_error → 502, sandbox_timeout → 504)',
];
