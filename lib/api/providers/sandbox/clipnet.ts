// Sandbox data for the clipnet family: comments, replies and search results, with 19-digit IDs,
// @handle URLs and temporary-looking CDN links. User videos and followers are in clipnet-users.ts.
import { familySite } from '../../families';
import type { ClipnetComment, ClipnetReply, ClipnetSearchVideo } from '../../registry/clipnet-records';
import type { FamilyPath, ParamsOf } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { cdn, longId, songs, userFollowers, userVideos } from './clipnet-users';
import { itemRng, listSeed, pageWindow, person, regions, tagWords } from './people';
import { formatDate, type Rng, rngFor, SANDBOX_NOW, sentence, throwOnSandboxInput, titleWords } from './random';

const COMMENTS_PAGE = 50;
const SEARCH_PAGE = 20;
/** The platform exposes only roughly the first 450 comments of a video. */
const EXPOSED_COMMENTS = 450;

type CommentsQuery = ParamsOf<'/v1/clipnet/video/comments'>;
type RepliesQuery = ParamsOf<'/v1/clipnet/comment/replies'>;
type SearchQuery = ParamsOf<'/v1/clipnet/videos'>;

/** The numeric ID in a video URL; a short link has none, so one is derived from the link. */
function videoIdOf(q: { url?: string; video_id?: string }): string {
  if (q.video_id) return q.video_id;
  const url = q.url ?? '';
  return /\/(?:video|photo)\/(\d+)/.exec(url)?.[1] ?? longId(rngFor('clipnet-short-link', { url }));
}

function commentFields(rng: Rng, site: { source: string; domain: string }, videoId: string, timestamp: number) {
  const { source, domain } = site;
  const who = person(rng);
  return {
    comment_id: longId(rng),
    video_id: videoId,
    text: sentence(rng),
    images: rng.bool(0.03) ? [cdn(domain, rng, 'comment-image')] : [],
    likes: rng.bool(0.4) ? 0 : rng.int(1, 25000),
    date: formatDate(timestamp),
    date_timestamp: timestamp,
    author: who.handle,
    author_name: who.name,
    author_id: longId(rng),
    author_avatar: cdn(domain, rng, 'avatar'),
    author_url: `https://www.${domain}/@${who.handle}`,
    author_verified: rng.bool(0.03),
    author_bio: rng.bool(0.5) ? '' : titleWords(rng, 3),
    author_region: rng.pick(regions),
    source,
    domain,
  };
}

function videoComments(params: CommentsQuery) {
  throwOnSandboxInput(params, []);
  const videoId = videoIdOf(params);
  const clipnet = familySite('clipnet');
  const seed = listSeed('/v1/clipnet/video/comments', { video_id: videoId });
  const window = pageWindow(itemRng(seed, -1), COMMENTS_PAGE, params.pages, 1000, EXPOSED_COMMENTS);
  const posted = itemRng(seed, -2).timestamp(200);
  const comments: ClipnetComment[] = [];
  for (let i = 0; i < window.count; i++) {
    const rng = itemRng(seed, i);
    const at = Math.min(SANDBOX_NOW, posted + rng.int(60, 30 * 86400));
    comments.push({ ...commentFields(rng, clipnet, videoId, at), reply_count: rng.bool(0.6) ? 0 : rng.int(1, 300) });
  }
  // The platform's total counts comments it does not expose.
  const total = window.available < EXPOSED_COMMENTS ? window.available : itemRng(seed, -3).int(EXPOSED_COMMENTS, 40000);
  return {
    body: { comments, video_id: videoId, total, pages: window.pages, count: comments.length },
    pagesReturned: window.pages,
  };
}

function commentReplies(params: RepliesQuery) {
  throwOnSandboxInput(params, []);
  const videoId = videoIdOf(params);
  const clipnet = familySite('clipnet');
  const seed = listSeed('/v1/clipnet/comment/replies', { video_id: videoId, comment_id: params.comment_id });
  const window = pageWindow(itemRng(seed, -1), COMMENTS_PAGE, params.pages, 1000, itemRng(seed, -3).int(51, 900));
  const posted = itemRng(seed, -2).timestamp(200);
  const replies: ClipnetReply[] = [];
  for (let i = 0; i < window.count; i++) {
    const rng = itemRng(seed, i);
    const at = Math.min(SANDBOX_NOW, posted + i * 600 + rng.int(0, 599));
    replies.push({ ...commentFields(rng, clipnet, videoId, at), parent_comment_id: params.comment_id });
  }
  return {
    body: {
      replies,
      comment_id: params.comment_id,
      video_id: videoId,
      total: window.available,
      pages: window.pages,
      count: replies.length,
    },
    pagesReturned: window.pages,
  };
}

function searchVideos(params: SearchQuery) {
  throwOnSandboxInput(params, []);
  const { source, domain } = familySite('clipnet');
  const seed = listSeed('/v1/clipnet/videos', params);
  const window = pageWindow(itemRng(seed, -1), SEARCH_PAGE, params.pages, 10);
  const span = (params.publish_time || 3 * 365) * 86400;
  const step = Math.floor(span / (SEARCH_PAGE * 10));
  const topLikes = itemRng(seed, -2).int(50_000, 4_000_000);
  const queryTag = params.query.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase() || 'fyp';
  const videos: ClipnetSearchVideo[] = [];
  for (let i = 0; i < window.count; i++) {
    const rng = itemRng(seed, i);
    const who = person(rng);
    // most_recent is newest first and most_liked is by likes; relevance mixes both.
    const at =
      params.sort_by === 'most_recent' ? SANDBOX_NOW - i * step - rng.int(0, step - 1) : SANDBOX_NOW - rng.int(0, span);
    const likes = params.sort_by === 'most_liked' ? Math.floor(topLikes * 0.97 ** i) : rng.int(10, topLikes);
    const title = sentence(rng);
    videos.push({
      title,
      url: `https://www.${domain}/@${who.handle}/video/${longId(rng)}`,
      date: formatDate(at),
      author: who.handle,
      source,
      domain,
      snippet: `${title} #${queryTag} #${rng.pick(tagWords)}`,
      play_count: likes * rng.int(8, 30),
      likes,
      comments: Math.floor(likes / rng.int(20, 200)),
      shares: Math.floor(likes / rng.int(10, 100)),
      downloads: Math.floor(likes / rng.int(50, 500)),
      duration: rng.int(6, 180),
      is_ad: rng.bool(0.03),
      author_name: who.name,
      author_avatar: cdn(domain, rng, 'avatar'),
      cover: cdn(domain, rng, 'cover'),
      music_title: rng.pick(songs),
      music_author: rng.bool(0.5) ? who.name : person(rng).name,
    });
  }
  return { body: { videos, pages: window.pages, count: videos.length }, pagesReturned: window.pages };
}

export const clipnetSandbox: SandboxHandlers<FamilyPath<'clipnet'>> = {
  '/v1/clipnet/video/comments': videoComments,
  '/v1/clipnet/comment/replies': commentReplies,
  '/v1/clipnet/videos': searchVideos,
  '/v1/clipnet/user/videos': userVideos,
  '/v1/clipnet/user/followers': userFollowers,
};

export const clipnetSandboxNotes: string[] = [
  '`GET /v1/clipnet/user/videos?username=sandbox_not_found` → 404 not_found (also on /v1/clipnet/user/followers)',
  '`GET /v1/clipnet/user/followers?username=sandbox_limited` → 403 limited_account',
  '`GET /v1/clipnet/user/followers?username=sandbox_private` → 403 limited_account (a private account hides its followers)',
  '`GET /v1/clipnet/videos?query=sandbox_rate_limited` → 429 upstream_rate_limit (any clipnet string parameter; sandbox_upstream_error → 502, sandbox_timeout → 504)',
];
