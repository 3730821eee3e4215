// Sandbox handlers of the forumsite family: community posts and details, post search; a post's
// comments come from ./forumsite-comments.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { familySite } from '../../families';
import type { ForumsiteCommunity, ForumsitePost } from '../../registry/forumsite';
import { ProviderError } from '../../registry/types';
import type { FamilyPath, ParamsOf } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { forumsiteCommentsSandbox, forumsiteCommentsSandboxNotes } from './forumsite-comments';
import {
  type Rng,
  SANDBOX_NOW,
  availableItems,
  formatDate,
  rngFor,
  sentence,
  throwOnSandboxInput,
  titleWords,
} from './random';
import { baseSeed, descendingTimes, itemRng, listRng, person, planPages, timesRng, titleCase } from './texts';

const POSTS_PER_PAGE = 25;
/** Flair filtering is slow upstream; the sandbox waits this long per page returned. */
export const FLAIR_DELAY_MS_PER_PAGE = 300;
/** flair=sandbox_slow waits this long in total, like a rare flair. */
const FLAIR_SLOW_TOTAL_MS = 3000;

const windows: Record<string, number> = {
  '1h': 3600,
  '24h': 86400,
  '7d': 7 * 86400,
  '30d': 30 * 86400,
  '12m': 365 * 86400,
  all: 12 * 365 * 86400,
};
const flairs = ['Discussion', 'Question', 'News', 'Meta', 'OC', 'Guide'];
const linkHosts = ['news.example.org', 'blog.example.com', 'journal.example.net', 'papers.example.edu'];
// Communities that exist but cannot be browsed: details still answer, posts answer 404.
const unbrowsable: Record<string, ForumsiteCommunity['status']> = {
  sandbox_private: 'private',
  sandbox_banned: 'banned',
  sandbox_quarantined: 'quarantined',
};

/** The community named by `community` or by the /r/<name> part of `url`. */
function communityOf(params: ParamsOf<'/v1/forumsite/community' | '/v1/forumsite/community/posts'>): string {
  return params.community ?? /\/r\/([A-Za-z0-9_]+)/i.exec(params.url ?? '')?.[1] ?? '';
}

function notFound(community: string): ProviderError {
  return new ProviderError('not_found', `Sandbox: community '${community}' not found, private or banned`);
}

function buildPost(
  r: Rng,
  site: { source: string; domain: string },
  community: string,
  ts: number,
  votes: number,
  flair: string,
  contested: boolean,
): ForumsitePost {
  const post_id = `1${r.id(6)}`;
  const kind = r.pick(['text', 'text', 'text', 'text', 'link', 'link', 'image', 'image', 'video'] as const);
  const title = `${titleWords(r, r.int(4, 9))}${r.bool(0.3) ? '?' : ''}`;
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
  const deleted = r.bool(0.05);
  const who = deleted ? '[deleted]' : person(r).handle;
  const media = `https://i.${site.domain}/${post_id}`;
  const video = kind === 'video';
  return {
    post_id,
    title,
    url: `https://${site.domain}/r/${community}/comments/${post_id}/${slug}/`,
    date: formatDate(ts),
    author: who,
    author_url: deleted ? '' : `https://${site.domain}/user/${who}/`,
    source: site.source,
    domain: site.domain,
    snippet: kind === 'text' ? `${sentence(r)} ${sentence(r)}` : title,
    community,
    upvotes: votes,
    // Controversial posts split the vote, so their ratio sits near one half.
    upvote_ratio:
      Math.round((contested ? 0.45 + r.next() * 0.15 : votes < 0 ? 0.2 + r.next() * 0.3 : 0.6 + r.next() * 0.4) * 100) /
      100,
    comments: r.int(0, Math.max(3, Math.floor(Math.abs(votes) / 4))),
    crossposts: r.bool(0.1) ? r.int(1, 6) : 0,
    flair: flair || (r.bool(0.4) ? r.pick(flairs) : ''),
    link_url:
      kind === 'text'
        ? ''
        : kind === 'link'
          ? `https://${r.pick(linkHosts)}/${slug}`
          : kind === 'image'
            ? `${media}.jpg`
            : `https://v.${site.domain}/${post_id}`,
    thumbnail: kind === 'text' ? '' : `https://b.thumbs.${site.domain}/${post_id}.jpg`,
    is_video: video,
    nsfw: r.bool(0.03),
    spoiler: r.bool(0.02),
    locked: r.bool(0.03),
    stickied: false,
    video_url: video ? `https://v.${site.domain}/${post_id}/DASH_720.mp4` : '',
    video_hls_url: video ? `https://v.${site.domain}/${post_id}/HLSPlaylist.m3u8` : '',
    images:
      kind === 'image' ? (r.bool(0.3) ? [`${media}.jpg`, `${media}_2.jpg`, `${media}_3.jpg`] : [`${media}.jpg`]) : [],
  };
}

export const forumsiteSandbox: SandboxHandlers<FamilyPath<'forumsite'>> = {
  '/v1/forumsite/community/posts': async (params) => {
    throwOnSandboxInput(params, ['not_found']);
    const community = communityOf(params);
    const key = community.toLowerCase();
    if (key === 'sandbox_not_found' || key in unbrowsable) throw notFound(community);
    const sort_by = params.sort_by;
    const flair = params.flair ?? '';
    const rng = listRng('/v1/forumsite/community/posts', params);
    const site = familySite('forumsite');
    const topVotes = rng.int(2000, 60000);
    const seed = baseSeed(rng);
    const plan = planPages(seed, params.pages, POSTS_PER_PAGE, 40);
    const pages = plan.perPage.length;
    if (flair)
      await sleep(flair.toLowerCase() === 'sandbox_slow' ? FLAIR_SLOW_TOTAL_MS : FLAIR_DELAY_MS_PER_PAGE * pages);

    // Dates and votes follow the sort: most_recent is newest first, top has falling scores.
    const window = windows[params.posted_ago ?? '24h'] ?? 86400;
    const span = sort_by === 'hot' ? 3 * 86400 : sort_by === 'rising' ? 12 * 3600 : window;
    const times = sort_by === 'most_recent' ? descendingTimes(timesRng(seed), SANDBOX_NOW, plan.count, 2400) : null;
    const posts: ForumsitePost[] = new Array<ForumsitePost>(plan.count);
    for (let i = 0; i < plan.count; i++) {
      const r = itemRng(seed, i);
      const ts = times ? times[i]! : SANDBOX_NOW - r.int(60, span);
      const votes =
        sort_by === 'top'
          ? Math.round(topVotes / (1 + i * 0.08))
          : sort_by === 'controversial'
            ? r.int(-40, 300)
            : r.int(sort_by === 'rising' ? 5 : 0, sort_by === 'most_recent' ? 200 : 8000);
      posts[i] = buildPost(r, site, community, ts, votes, flair, sort_by === 'controversial');
      // Moderators pin up to two posts to the top of hot.
      if (sort_by === 'hot' && i < 2 && r.bool(0.5)) posts[i]!.stickied = true;
    }
    return { body: { posts, community, sort_by, pages, count: posts.length }, pagesReturned: pages };
  },

  '/v1/forumsite/community': (params) => {
    throwOnSandboxInput(params, ['not_found']);
    const name = communityOf(params);
    const key = name.toLowerCase();
    if (key === 'sandbox_not_found') throw notFound(name);
    const rng = rngFor('/v1/forumsite/community', { community: key });
    const site = familySite('forumsite');
    const status = unbrowsable[key] ?? 'active';
    const active = status === 'active';
    const subscribers = rng.int(50, 30_000_000);
    const title = titleCase(name.replace(/([a-z])([A-Z])/g, '$1 $2'));
    const community: ForumsiteCommunity = {
      name,
      subreddit_id: `t5_${rng.id(6)}`,
      title,
      description: `${title}: ${sentence(rng)}`,
      sidebar: active
        ? `## Welcome to r/${name}\n\n1. Be civil.\n2. Stay on topic.\n3. No spam or self-promotion.`
        : '',
      url: `https://${site.domain}/r/${name}/`,
      subscribers: active ? subscribers : null,
      weekly_active_users: active ? Math.floor(subscribers * (0.01 + rng.next() * 0.1)) : null,
      weekly_contributions: active ? Math.floor(subscribers * rng.next() * 0.005) : null,
      created_at: formatDate(rng.timestamp(6000)),
      type:
        status === 'private'
          ? 'private'
          : status === 'banned'
            ? ''
            : rng.pick(['public', 'public', 'public', 'restricted']),
      status,
      nsfw: rng.bool(0.05),
      quarantined: status === 'quarantined',
      icon: active && rng.bool(0.8) ? `https://styles.${site.domain}/${key}/icon.png` : '',
      banner: active && rng.bool(0.6) ? `https://styles.${site.domain}/${key}/banner.png` : '',
      language: rng.pick(['en', 'en', 'en', 'de', 'es']),
    };
    return { body: { community }, pagesReturned: 1 };
  },

  '/v1/forumsite/posts': (params) => {
    throwOnSandboxInput(params, []);
    const { query, sort_by, page } = params;
    // The page number is left out of the seed: page 2 continues the list page 1 began.
    const { page: _page, ...stable } = params;
    const rng = rngFor('/v1/forumsite/posts', stable);
    const site = familySite('forumsite');
    const seed = baseSeed(rng);
    const total = query.toLowerCase() === 'sandbox_no_results' ? 0 : availableItems(rng, POSTS_PER_PAGE, 12);
    const window = windows[params.posted_ago] ?? windows.all!;
    const communities = ['AskScience', 'technology', 'programming', 'worldnews', 'explainlikeimfive', 'gardening'];
    const first = (page - 1) * POSTS_PER_PAGE;
    const posts: ForumsitePost[] = [];
    for (let i = first; i < Math.min(total, first + POSTS_PER_PAGE); i++) {
      const r = itemRng(seed, i);
      const votes = sort_by === 'top' ? Math.round(20000 / (1 + i * 0.1)) : r.int(0, 5000);
      posts.push(buildPost(r, site, r.pick(communities), SANDBOX_NOW - r.int(60, window), votes, '', false));
    }
    const has_next_page = first + POSTS_PER_PAGE < total && page < 12;
    return { body: { posts, query, sort_by, page, has_next_page, count: posts.length }, pagesReturned: 1 };
  },

  ...forumsiteCommentsSandbox,
};

export const forumsiteSandboxNotes: string[] = [
  '`GET /v1/forumsite/community/posts?community=sandbox_not_found` → 404 not_found (also on /v1/forumsite/community)',
  '`GET /v1/forumsite/community/posts?community=sandbox_private` (or sandbox_banned) → 404 not_found; `/v1/forumsite/community` answers those with status private or banned and null counts',
  '`GET /v1/forumsite/community?community=sandbox_quarantined` → status quarantined, quarantined true',
  `\`GET /v1/forumsite/community/posts?community=<any>&flair=<any>\` waits about ${FLAIR_DELAY_MS_PER_PAGE} ms per page returned, as flair filtering is slow upstream`,
  `\`GET /v1/forumsite/community/posts?community=<any>&flair=sandbox_slow\` waits about ${FLAIR_SLOW_TOTAL_MS / 1000} s in total (a rare flair)`,
  '`GET /v1/forumsite/community/posts?community=sandbox_rate_limited` → 429 upstream_rate_limit',
  '`GET /v1/forumsite/posts?query=sandbox_no_results`: a search that finds nothing (empty posts, billed as one request)',
  '`GET /v1/forumsite/posts?query=<any>&page=N`: about one query in three runs out before page 12; has_next_page says where',
  ...forumsiteCommentsSandboxNotes,
];
