// Sandbox handlers of videosite video search and a video's comments: deterministic pages that end
// where a query's results run out, as the live adapter's do.
import { familySite } from '../../families';
import { VIDEO_URL_PATTERN, type VideositeComment, type VideositeVideo } from '../../registry/videosite';
import type { ParamsOf } from '../../registry';
import { ProviderError } from '../../registry/types';
import type { SandboxHandlers } from '../handlers';
import { SANDBOX_NOW, formatDate, sentence, throwOnSandboxInput, titleWords } from './random';
import { baseSeed, descendingTimes, itemRng, listRng, person, planPages, timesRng, titleCase } from './texts';

const VIDEOS_PER_PAGE = 25;
const COMMENTS_PER_PAGE = 100;
/** The documented sandbox video that does not exist, and one with comments turned off. */
export const SANDBOX_MISSING_VIDEO_ID = 'sandboxNF00';
export const SANDBOX_NO_COMMENTS_VIDEO_ID = 'sandboxOFF0';
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function videoIdOf(params: ParamsOf<'/v1/videosite/video/comments'>): string {
  return params.id ?? VIDEO_URL_PATTERN.exec(params.url ?? '')?.[1] ?? '';
}

export const videositeVideosSandbox: SandboxHandlers<'/v1/videosite/videos' | '/v1/videosite/video/comments'> = {
  '/v1/videosite/videos': (params) => {
    throwOnSandboxInput(params, []);
    const { query, sort_by } = params;
    const site = familySite('videosite');
    const seed = baseSeed(listRng('/v1/videosite/videos', params));
    const plan = planPages(seed, params.pages, VIDEOS_PER_PAGE, 10);
    const times = sort_by === 'most_recent' ? descendingTimes(timesRng(seed), SANDBOX_NOW, plan.count, 20_000) : null;
    const videos: VideositeVideo[] = new Array<VideositeVideo>(plan.count);
    for (let i = 0; i < plan.count; i++) {
      const r = itemRng(seed, i);
      const video_id = r.id(11, ID_ALPHABET);
      const channel_id = `UC${r.id(22, ID_ALPHABET)}`;
      const live = r.bool(0.03) ? r.pick(['live', 'upcoming'] as const) : 'none';
      const views = sort_by === 'view_count' ? Math.round(9_000_000 / (1 + i * 0.2)) : r.int(40, 3_000_000);
      const hidden = r.bool(0.05);
      videos[i] = {
        video_id,
        title: `${titleCase(query)}: ${titleWords(r, r.int(3, 7))}`,
        description: `${sentence(r)} ${sentence(r)}`,
        url: `https://${site.domain}/watch?v=${video_id}`,
        thumbnail: `https://img.${site.domain}/vi/${video_id}/hqdefault.jpg`,
        channel_id,
        channel_name: titleCase(person(r).handle),
        channel_url: `https://${site.domain}/channel/${channel_id}`,
        date: formatDate(times ? times[i]! : SANDBOX_NOW - r.int(3600, 4 * 365 * 86400)),
        views: live === 'upcoming' ? 0 : views,
        likes: hidden ? null : Math.floor(views * (0.01 + r.next() * 0.04)),
        comments: r.bool(0.05) ? null : Math.floor(views * r.next() * 0.002),
        duration: live === 'none' ? r.int(15, 3 * 3600) : null,
        live_status: live,
        source: site.source,
        domain: site.domain,
      };
    }
    const pages = plan.perPage.length;
    return { body: { videos, query, sort_by, pages, count: videos.length }, pagesReturned: pages };
  },

  '/v1/videosite/video/comments': (params) => {
    throwOnSandboxInput(params, ['not_found']);
    const video_id = videoIdOf(params);
    if (video_id === SANDBOX_MISSING_VIDEO_ID)
      throw new ProviderError('not_found', `Sandbox: no video '${video_id}' (unknown or private)`);
    const sort_by = params.sort_by;
    const site = familySite('videosite');
    const seed = baseSeed(listRng('/v1/videosite/video/comments', { video_id, sort_by }));
    const plan =
      video_id === SANDBOX_NO_COMMENTS_VIDEO_ID
        ? { perPage: [], count: 0 }
        : planPages(seed, params.pages, COMMENTS_PER_PAGE, 20);
    const times = descendingTimes(timesRng(seed), SANDBOX_NOW, plan.count, 7200);
    const comments: VideositeComment[] = new Array<VideositeComment>(plan.count);
    for (let i = 0; i < plan.count; i++) {
      const r = itemRng(seed, i);
      const who = person(r);
      const comment_id = `Ug${r.id(24, ID_ALPHABET)}`;
      const channel = r.bool(0.95) ? `UC${r.id(22, ID_ALPHABET)}` : '';
      comments[i] = {
        comment_id,
        video_id,
        text: `${sentence(r)}${r.bool(0.4) ? ` ${sentence(r)}` : ''}`,
        author: `@${who.handle}`,
        author_channel_id: channel,
        author_url: channel ? `https://${site.domain}/channel/${channel}` : '',
        author_avatar: `https://img.${site.domain}/avatars/${who.handle}/s48.jpg`,
        likes: sort_by === 'top' ? Math.round(5000 / (1 + i * 0.3)) : r.int(0, 200),
        replies: r.bool(0.3) ? r.int(1, 40) : 0,
        date: formatDate(sort_by === 'most_recent' ? times[i]! : SANDBOX_NOW - r.int(60, 400 * 86400)),
        edited: r.bool(0.07),
        url: `https://${site.domain}/watch?v=${video_id}&lc=${comment_id}`,
        source: site.source,
        domain: site.domain,
      };
    }
    const pages = plan.perPage.length;
    return { body: { comments, video_id, sort_by, pages, count: comments.length }, pagesReturned: pages };
  },
};

export const videositeVideosSandboxNotes: string[] = [
  '`GET /v1/videosite/videos?query=<any>&pages=N`: about one query in three runs out before page 10 (only pages returned are billed)',
  `\`GET /v1/videosite/video/comments?id=${SANDBOX_MISSING_VIDEO_ID}\` → 404 not_found (not billed)`,
  `\`GET /v1/videosite/video/comments?id=${SANDBOX_NO_COMMENTS_VIDEO_ID}\`: comments turned off (no comments, not billed)`,
  '`GET /v1/videosite/video/comments?url=https://videosite.example/watch?v=<id>`: the same comments as `id=<id>`',
];
