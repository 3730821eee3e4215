// X API v2 recent search payloads -> xnet posts. Pure: zod schemas of the fields the record reads
// (X sends only the fields asked for, so each is optional but the post's id and text) and one
// function per record. The field table is in docs/data-sources.md ("xnet").
import { z } from 'zod';
import type { XnetPost } from '../../../registry/xnet';

const count = z.number().int().min(0);

const tweetSchema = z.object({
  id: z.string().regex(/^\d+$/),
  text: z.string(),
  created_at: z.string().optional(),
  author_id: z.string().optional(),
  lang: z.string().optional(),
  public_metrics: z
    .object({
      retweet_count: count,
      reply_count: count,
      like_count: count,
      quote_count: count,
      bookmark_count: count.optional(),
      impression_count: count.optional(),
    })
    .optional(),
  entities: z
    .object({
      hashtags: z.array(z.object({ tag: z.string() })).optional(),
      mentions: z.array(z.object({ username: z.string() })).optional(),
    })
    .optional(),
  referenced_tweets: z.array(z.object({ type: z.string(), id: z.string() })).optional(),
});
export type XTweet = z.infer<typeof tweetSchema>;

const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  verified: z.boolean().optional(),
  public_metrics: z.object({ followers_count: count }).partial().optional(),
});
export type XUser = z.infer<typeof userSchema>;

/** GET /2/tweets/search/recent: `data` is left out when nothing matched. */
export const searchRecentSchema = z.object({
  data: z.array(tweetSchema).optional(),
  includes: z.object({ users: z.array(userSchema).optional() }).optional(),
  meta: z.object({ result_count: count, next_token: z.string().optional() }),
});
export type SearchRecent = z.infer<typeof searchRecentSchema>;

/** X's epoch in its post ids (snowflakes): 2010-11-04 01:42:54.657 UTC. */
const SNOWFLAKE_EPOCH_MS = 1288834974657n;

/** "2022-10-07T23:06:12.000Z" -> "2022-10-07 23:06:12"; without a created_at, the time in the id. */
function utcDateOf(tweet: XTweet): string {
  const ms = tweet.created_at ? Date.parse(tweet.created_at) : Number.NaN;
  const at = Number.isNaN(ms) ? Number((BigInt(tweet.id) >> 22n) + SNOWFLAKE_EPOCH_MS) : ms;
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** X escapes &, < and > in a post's text (and only those). */
function unescapeText(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

const once = (items: string[]) => [...new Set(items)];

/** One post as an xnet post; `users` are the answer's includes.users by id. */
export function toXnetPost(
  tweet: XTweet,
  users: ReadonlyMap<string, XUser>,
  site: { source: string; domain: string },
): XnetPost {
  const user = tweet.author_id ? users.get(tweet.author_id) : undefined;
  const author = user?.username ?? '';
  const snippet = unescapeText(tweet.text);
  const metrics = tweet.public_metrics;
  const referenced = tweet.referenced_tweets ?? [];
  return {
    title: author ? `@${author} on ${site.source}` : `Post ${tweet.id} on ${site.source}`,
    // x.com/i/web/status/{id} opens a post whose author is not known.
    url: `https://${site.domain}/${author || 'i/web'}/status/${tweet.id}`,
    date: utcDateOf(tweet),
    author,
    source: site.source,
    domain: site.domain,
    snippet,
    likes: metrics?.like_count ?? 0,
    retweets: metrics?.retweet_count ?? 0,
    replies: metrics?.reply_count ?? 0,
    quotes: metrics?.quote_count ?? 0,
    bookmarks: metrics?.bookmark_count ?? 0,
    views: metrics?.impression_count ?? null,
    author_followers: user?.public_metrics?.followers_count ?? 0,
    author_verified: user?.verified ?? false,
    lang: tweet.lang ?? '',
    is_reply: referenced.some((r) => r.type === 'replied_to'),
    is_quote: referenced.some((r) => r.type === 'quoted'),
    hashtags: once(tweet.entities?.hashtags?.map((h) => h.tag) ?? [...snippet.matchAll(/#(\w+)/g)].map((m) => m[1]!)),
    user_mentions: once(
      tweet.entities?.mentions?.map((m) => m.username) ?? [...snippet.matchAll(/@(\w{1,15})/g)].map((m) => m[1]!),
    ),
    post_id: tweet.id,
  };
}
