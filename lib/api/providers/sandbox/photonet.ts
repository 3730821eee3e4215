// Sandbox data for the photonet family: comment replies, highlight stories, profiles and
// followed accounts, with numeric IDs, shortcodes and CDN URLs shaped like the platform's.
import { familySite } from '../../families';
import type {
  PhotonetCommentReply,
  PhotonetFollowedAccount,
  PhotonetStory,
  PhotonetUser,
} from '../../registry/photonet-records';
import type { FamilyPath, ParamsOf } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { handleFromUrl, itemRng, listSeed, monthYear, pageWindow, person, tagWords } from './people';
import { formatDate, type Rng, rngFor, SANDBOX_NOW, sentence, throwOnSandboxInput } from './random';

const DIGITS = '0123456789';
const REPLIES_PAGE = 15;
const FOLLOWING_PAGE = 50;

const numericId = (rng: Rng, length: number) => `${rng.int(1, 9)}${rng.id(length - 1, DIGITS)}`;
const site = () => familySite('photonet');
// Callers pass the domain read once per call: familySite reads the environment every time.
const profileUrl = (domain: string, handle: string) => `https://www.${domain}/${handle}/`;
const picUrl = (domain: string, rng: Rng) => `https://scontent.cdn.${domain}/v/t51.2885-19/${numericId(rng, 11)}_n.jpg`;

type RepliesQuery = ParamsOf<'/v1/photonet/comment/replies'>;
type HighlightQuery = ParamsOf<'/v1/photonet/highlight/stories'>;
type UserQuery = ParamsOf<'/v1/photonet/user'>;
type FollowingQuery = ParamsOf<'/v1/photonet/user/following'>;

/** The shortcode in a post or reel URL, e.g. https://www.photonet.example/p/C9xQ2bLsK1a/. */
function codeFromUrl(url: string): string {
  return /\/(?:p|reel|reels|tv)\/([A-Za-z0-9_-]+)/.exec(url)?.[1] ?? handleFromUrl(url);
}

function commentReplies(params: RepliesQuery) {
  throwOnSandboxInput(params, []);
  const { source, domain } = site();
  const code = params.code ?? codeFromUrl(params.url ?? '');
  // A numeric media ID carries no shortcode, so reply URLs cannot be built (the spec: empty).
  const byMediaId = params.code !== undefined && /^\d+$/.test(params.code);
  const seed = listSeed('/v1/photonet/comment/replies', params);
  const window = pageWindow(itemRng(seed, -1), REPLIES_PAGE, params.pages, 10);
  const start = SANDBOX_NOW - itemRng(seed, -2).int(20, 400) * 86400;
  const replies: PhotonetCommentReply[] = [];
  const ids: string[] = [];
  for (let i = 0; i < window.count; i++) {
    const rng = itemRng(seed, i);
    const who = person(rng);
    const id = `18${rng.id(15, DIGITS)}`;
    const mention = i > 0 && rng.bool(0.3) ? person(rng).handle : '';
    const tag = rng.bool(0.15) ? rng.pick(tagWords) : '';
    const timestamp = start + i * 1800 + rng.int(0, 1799);
    replies.push({
      comment_id: id,
      text: `${mention ? `@${mention} ` : ''}${sentence(rng)}${tag ? ` #${tag}` : ''}`,
      author: who.handle,
      author_name: who.name,
      author_id: numericId(rng, 11),
      author_verified: rng.bool(0.05),
      author_is_ai_generated_profile: rng.bool(0.2) ? null : rng.bool(0.01),
      author_url: profileUrl(domain, who.handle),
      author_profile_pic_url: picUrl(domain, rng),
      likes: rng.bool(0.5) ? 0 : rng.int(1, 900),
      reply_count: 0,
      is_pinned: false,
      hashtags: tag ? [tag] : [],
      mentions: mention ? [mention] : [],
      date: formatDate(timestamp),
      date_timestamp: timestamp,
      url: byMediaId ? '' : `https://www.${domain}/p/${code}/c/${params.comment_id}/r/${id}/`,
      source,
      domain,
      gif_url: rng.bool(0.04) ? `https://media.${domain}/gif/${rng.id(12)}.gif` : null,
      parent_comment_id: params.comment_id,
      // Some replies answer an earlier reply of the same thread rather than the comment itself.
      replied_to_comment_id: i > 0 && rng.bool(0.2) ? ids[rng.int(0, i - 1)]! : params.comment_id,
    });
    ids.push(id);
  }
  return {
    body: {
      replies,
      comment_id: params.comment_id,
      code,
      total: window.available,
      pages: window.pages,
      count: replies.length,
    },
    pagesReturned: window.pages,
  };
}

const places = [
  { name: 'Central Park', city: 'New York', lat: 40.7829, lng: -73.9654 },
  { name: 'Shibuya Crossing', city: 'Tokyo', lat: 35.6595, lng: 139.7005 },
  { name: 'Praia de Copacabana', city: 'Rio de Janeiro', lat: -22.9711, lng: -43.1822 },
  { name: 'Tempelhofer Feld', city: 'Berlin', lat: 52.4731, lng: 13.4039 },
];

function story(
  rng: Rng,
  owner: { handle: string; name: string; id: string; verified: boolean },
  timestamp: number,
): PhotonetStory {
  const { source, domain } = site();
  const mediaId = `${numericId(rng, 19)}_${owner.id}`;
  const isVideo = rng.bool(0.4);
  const tagged = rng.bool(0.2) ? [{ ...personFields(rng) }] : [];
  return {
    title: `Story by @${owner.handle}`,
    url: `https://www.${domain}/stories/${owner.handle}/${mediaId.split('_')[0]}/`,
    date: formatDate(timestamp),
    date_timestamp: timestamp,
    expires_at: '',
    expires_at_timestamp: null,
    author: owner.handle,
    author_id: owner.id,
    author_name: owner.name,
    author_verified: owner.verified,
    source,
    domain,
    snippet: rng.bool(0.15) ? sentence(rng) : '',
    is_video: isVideo,
    media_type: 'story',
    media_id: mediaId,
    thumbnail_url: `https://scontent.cdn.${domain}/v/t51.2885-15/${numericId(rng, 11)}_n.jpg?stp=dst-jpg_e15&oe=${rng.id(8, '0123456789ABCDEF')}`,
    video_url: isVideo
      ? `https://scontent.cdn.${domain}/o1/v/t16/f2/${rng.id(16)}.mp4?oe=${rng.id(8, '0123456789ABCDEF')}`
      : '',
    video_duration: isVideo ? rng.int(2000, 15000) / 1000 : null,
    width: 1080,
    height: 1920,
    location: rng.bool(0.15) ? rng.pick(places) : null,
    tagged_users: tagged,
    mentions: tagged.map((t) => t.username),
    links: rng.bool(0.1) ? [{ url: `https://blog.example.org/${rng.id(6)}`, title: 'Read more' }] : [],
    audio: rng.bool(0.3)
      ? {
          type: rng.pick(['licensed_music', 'original_audio']),
          title: rng.pick(['Golden Hour', 'Night Drive', 'Original audio']),
          artist: person(rng).name,
          audio_id: numericId(rng, 16),
          duration_ms: rng.int(15000, 60000),
        }
      : null,
    coauthors: rng.bool(0.05) ? [{ ...personFields(rng), is_verified: rng.bool(0.3) }] : [],
    is_paid_partnership: rng.bool(0.05),
    ai_label: {
      label: null,
      detection_method: rng.pick(['NONE', 'NONE', 'NONE', 'SELF_DISCLOSURE_FLOW', 'C2PA_METADATA']),
    },
  };
}

function personFields(rng: Rng) {
  const who = person(rng);
  return { username: who.handle, full_name: who.name, user_id: numericId(rng, 11) };
}

function highlightStories(params: HighlightQuery) {
  throwOnSandboxInput(params, []);
  const highlightId = /highlights\/(\d+)/.exec(params.highlight_id)?.[1] ?? handleFromUrl(params.highlight_id);
  const rng = rngFor('/v1/photonet/highlight/stories', { highlight_id: highlightId });
  const domain = site().domain;
  const who = person(rng);
  const owner = { handle: who.handle, name: who.name, id: numericId(rng, 11), verified: rng.bool(0.2) };
  const total = rng.int(1, 25);
  let timestamp = rng.timestamp(900);
  const stories: PhotonetStory[] = [];
  for (let i = 0; i < total; i++) {
    stories.push(story(itemRng(rng.int(0, 0x7fffffff), i), owner, timestamp));
    timestamp = Math.min(SANDBOX_NOW, timestamp + rng.int(3600, 20 * 86400));
  }
  const first = stories[0]!;
  const last = stories[stories.length - 1]!;
  const highlight = {
    highlight_id: highlightId,
    title: rng.pick(['Travel', 'Food', 'Behind the scenes', 'Q&A', 'Studio', '2026']),
    media_count: stories.length,
    cover_url: `https://scontent.cdn.${domain}/v/t51.2885-15/${numericId(rng, 11)}_n.jpg?oe=${rng.id(8, '0123456789ABCDEF')}`,
    created_at: first.date,
    created_at_timestamp: first.date_timestamp,
    updated_at: last.date,
    updated_at_timestamp: last.date_timestamp,
    is_pinned: rng.bool(0.2),
    url: `https://www.${domain}/stories/highlights/${highlightId}/`,
    author: owner.handle,
    author_id: owner.id,
  };
  return { body: { highlight, stories, count: stories.length }, pagesReturned: 1 };
}

function userProfile(params: UserQuery) {
  const handle = (params.username ?? handleFromUrl(params.url ?? '')).toLowerCase();
  throwOnSandboxInput({ ...params, username: handle }, ['not_found']);
  const rng = rngFor('/v1/photonet/user', { username: handle });
  const domain = site().domain;
  const who = person(rng);
  // Private accounts answer with basic data only; sandbox_private shows one.
  const isPrivate = handle === 'sandbox_private' || rng.bool(0.1);
  const isBusiness = !isPrivate && rng.bool(0.3);
  const verified = rng.bool(0.15);
  const joined = rng.bool(0.7) ? rng.timestamp(4000) : null;
  const verifiedAt = verified && joined !== null ? Math.min(SANDBOX_NOW, joined + rng.int(30, 900) * 86400) : null;
  const id = numericId(rng, 11);
  const user: PhotonetUser = {
    username: handle,
    full_name: who.name,
    user_id: id,
    biography: isPrivate ? '' : `${sentence(rng)} ✨`,
    follower_count: rng.int(10, verified ? 50_000_000 : 40_000),
    following_count: rng.int(0, 7500),
    media_count: rng.int(0, 4000),
    is_verified: verified,
    is_private: isPrivate,
    is_business: isBusiness,
    category: isBusiness ? rng.pick(['Photographer', 'Digital creator', 'Restaurant', 'Media/news company']) : '',
    external_url: isPrivate || rng.bool(0.5) ? '' : `https://linktr.example/${handle}`,
    bio_links: isPrivate ? [] : [{ url: `https://linktr.example/${handle}`, title: 'Links' }],
    profile_pic_url: picUrl(domain, rng),
    profile_pic_url_hd: picUrl(domain, rng),
    public_email: isBusiness && rng.bool(0.5) ? `hello@${handle.replace(/[._]/g, '')}.example.com` : '',
    public_phone_number: isBusiness && rng.bool(0.2) ? `+1 555 01${rng.id(2, DIGITS)}` : '',
    account_based_in: isPrivate ? '' : rng.pick(['United States', 'Brazil', 'Germany', 'India', 'Japan', '']),
    date_joined: joined === null ? '' : monthYear(joined),
    date_joined_timestamp: joined,
    date_verified: verifiedAt === null ? '' : monthYear(verifiedAt),
    date_verified_timestamp: verifiedAt,
    former_usernames: isPrivate ? null : rng.int(0, 3),
    is_ai_generated_profile: false,
    url: profileUrl(domain, handle),
  };
  return { body: { user }, pagesReturned: 1 };
}

function following(params: FollowingQuery) {
  const handle = (params.username ?? handleFromUrl(params.url ?? '')).toLowerCase();
  throwOnSandboxInput({ ...params, username: handle }, ['not_found', 'private_account', 'limited_account']);
  const seed = listSeed('/v1/photonet/user/following', { username: handle, query: params.query });
  const domain = site().domain;
  // A search returns its matches in one page whatever `pages` was.
  const needle = params.query
    ?.toLowerCase()
    .replace(/[^a-z0-9._]/g, '')
    .slice(0, 20);
  const count =
    params.query !== undefined
      ? itemRng(seed, -1).int(0, FOLLOWING_PAGE)
      : pageWindow(itemRng(seed, -1), FOLLOWING_PAGE, params.pages, 40).count;
  const accounts: PhotonetFollowedAccount[] = [];
  for (let i = 0; i < count; i++) {
    const rng = itemRng(seed, i);
    const who = person(rng);
    const username = needle ? `${who.handle.slice(0, 6)}${needle}${rng.int(1, 99)}` : who.handle;
    accounts.push({
      username,
      full_name: who.name,
      user_id: numericId(rng, 11),
      is_verified: rng.bool(0.08),
      is_private: rng.bool(0.25),
      profile_pic_url: picUrl(domain, rng),
      url: profileUrl(domain, username),
    });
  }
  const pages = params.query !== undefined ? 1 : Math.max(1, Math.ceil(count / FOLLOWING_PAGE));
  const body: Record<string, unknown> = { following: accounts, username: handle };
  if (params.query !== undefined) body.query = params.query;
  body.pages = pages;
  body.count = accounts.length;
  return { body, pagesReturned: pages };
}

export const photonetSandbox: SandboxHandlers<FamilyPath<'photonet'>> = {
  '/v1/photonet/comment/replies': commentReplies,
  '/v1/photonet/highlight/stories': highlightStories,
  '/v1/photonet/user': userProfile,
  '/v1/photonet/user/following': following,
};

export const photonetSandboxNotes: string[] = [
  '`GET /v1/photonet/user?username=sandbox_not_found` → 404 not_found (not billed)',
  '`GET /v1/photonet/user?username=sandbox_private` → 200 with a private profile (basic data only)',
  '`GET /v1/photonet/user/following?username=sandbox_private` → 403 private_account (billed as one page)',
  '`GET /v1/photonet/user/following?username=sandbox_limited` → 403 limited_account (billed as one page)',
  '`GET /v1/photonet/user/following?username=sandbox_not_found` → 404 not_found',
  '`GET /v1/photonet/highlight/stories?highlight_id=sandbox_rate_limited` → 429 upstream_rate_limit (any photonet string parameter; sandbox_upstream_error → 502, sandbox_timeout → 504)',
];
