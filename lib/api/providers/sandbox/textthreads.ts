// Sandbox handler of the textthreads family: a user's posts, newest first.
import { familySite } from '../../families';
import type { TextthreadsPost } from '../../registry/textthreads';
import type { FamilyPath } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { type Rng, SANDBOX_NOW, formatDate, rngFor, sentence, throwOnSandboxInput, titleWords } from './random';
import { baseSeed, descendingTimes, itemRng, listRng, person, planPages, slugify, timesRng } from './texts';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const replyControls = ['everyone', 'everyone', 'everyone', 'accounts_you_follow', 'mentioned_only'];
const tags = ['space', 'science', 'photography', 'travel', 'music', 'books', 'ai', 'design'];

function post(
  r: Rng,
  site: { source: string; domain: string },
  user: { handle: string; name: string; verified: boolean },
  ts: number,
): TextthreadsPost {
  const code = r.id(11, CODE_ALPHABET);
  const post_id = `3${r.id(18, '0123456789')}`;
  const media_type = r.pick([
    'text',
    'text',
    'text',
    'text',
    'text',
    'image',
    'image',
    'video',
    'carousel',
    'audio',
  ] as const);
  const cdn = `https://scontent.${site.domain}/${post_id}`;
  const visual = media_type === 'image' || media_type === 'video' || media_type === 'carousel';
  const [width, height] = visual
    ? r.pick([
        [1080, 1080],
        [1080, 1350],
        [1920, 1080],
        [1080, 1920],
      ] as const)
    : [0, 0];
  const carousel_media: TextthreadsPost['carousel_media'] = [];
  if (media_type === 'carousel') {
    const n = r.int(2, 5);
    for (let k = 0; k < n; k++) {
      const video = r.bool(0.2);
      carousel_media.push({
        media_type: video ? 'video' : 'image',
        image_url: `${cdn}_${k}.jpg`,
        video_url: video ? `${cdn}_${k}.mp4` : '',
        width,
        height,
      });
    }
  }
  const is_reply = r.bool(0.25);
  const other = person(r).handle;
  const hashtag = r.bool(0.3) ? r.pick(tags) : '';
  const likes = r.int(0, user.verified ? 40_000 : 600);
  const linkTitle = titleWords(r, 5);
  const quoted = r.bool(0.08) ? person(r) : null;
  const quotedCode = quoted ? r.id(11, CODE_ALPHABET) : '';
  return {
    title: `@${user.handle} on ${site.source}`,
    url: `https://www.${site.domain}/@${user.handle}/post/${code}`,
    date: formatDate(ts),
    author: user.handle,
    source: site.source,
    domain: site.domain,
    snippet: `${is_reply ? `@${other} ` : ''}${sentence(r)}${hashtag ? ` #${hashtag}` : ''}`,
    likes,
    replies: r.int(0, Math.floor(likes / 10)),
    reposts: r.int(0, Math.floor(likes / 20)),
    quotes: r.int(0, Math.floor(likes / 50)),
    reshares: r.int(0, Math.floor(likes / 30)),
    author_name: user.name,
    author_verified: user.verified,
    is_reply,
    is_pinned: false,
    media_type,
    image_url: visual ? `${cdn}.jpg` : '',
    video_url: media_type === 'video' ? `${cdn}.mp4` : '',
    width,
    height,
    has_audio: media_type === 'video' || media_type === 'audio',
    reply_control: r.pick(replyControls),
    hashtags: hashtag ? [hashtag] : [],
    mentions: is_reply ? [other] : [],
    carousel_media,
    link_preview:
      media_type === 'text' && r.bool(0.15)
        ? {
            url: `https://blog.example.com/${slugify(linkTitle)}`,
            display_url: 'blog.example.com',
            title: linkTitle,
            image_url: `${cdn}_preview.jpg`,
          }
        : null,
    quoted_post: quoted
      ? {
          post_id: `3${r.id(18, '0123456789')}`,
          code: quotedCode,
          url: `https://www.${site.domain}/@${quoted.handle}/post/${quotedCode}`,
          author: quoted.handle,
          author_name: quoted.name,
          author_verified: r.bool(0.2),
          snippet: sentence(r),
          date: formatDate(ts - r.int(600, 7 * 86400)),
        }
      : null,
    post_id,
    code,
  };
}

export const textthreadsSandbox: SandboxHandlers<FamilyPath<'textthreads'>> = {
  '/v1/textthreads/user/posts': (params) => {
    throwOnSandboxInput(params, ['not_found']);
    const handle = params.username.toLowerCase();
    const site = familySite('textthreads');
    // The profile depends on the user only; the posts on the whole call.
    const profile = rngFor('/v1/textthreads/user', { username: handle });
    const user = { handle, name: person(profile).name, verified: profile.bool(0.3) };
    const seed = baseSeed(listRng('/v1/textthreads/user/posts', params));
    const plan = planPages(seed, params.pages, 35, 60, (r) => r.int(31, 35));
    const times = descendingTimes(timesRng(seed), SANDBOX_NOW, plan.count, 30 * 3600);
    const posts: TextthreadsPost[] = new Array<TextthreadsPost>(plan.count);
    for (let i = 0; i < plan.count; i++) posts[i] = post(itemRng(seed, i), site, user, times[i]!);
    const pages = plan.perPage.length;
    return { body: { posts, pages, count: posts.length }, pagesReturned: pages };
  },
};

export const textthreadsSandboxNotes: string[] = [
  '`GET /v1/textthreads/user/posts?username=sandbox_not_found` → 404 not_found, billed as one request whatever `pages` was (`@sandbox_not_found` too)',
  '`GET /v1/textthreads/user/posts?username=sandbox_rate_limited` → 429 upstream_rate_limit',
  '`GET /v1/textthreads/user/posts?username=<any>&pages=N`: 31-35 posts per page, newest first; some users run out before page N',
];
