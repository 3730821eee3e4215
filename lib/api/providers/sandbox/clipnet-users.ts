// Sandbox data for clipnet users (their videos and followers), plus the ID and CDN-link helpers
// that the comment and search generators share.
import type { ParamsOf } from '../../registry';
import { familySite } from '../../families';
import type { ClipnetFollower, ClipnetUserVideo } from '../../registry/clipnet-records';
import { ProviderError } from '../../registry/types';
import { handleFromUrl, itemRng, listSeed, pageWindow, person, regions, tagWords } from './people';
import { formatDate, type Rng, rngFor, SANDBOX_NOW, sentence, throwOnSandboxInput, titleWords } from './random';

const USER_VIDEOS_PAGE = 30;
const FOLLOWERS_PAGE = 100;

type UserQuery = ParamsOf<'/v1/clipnet/user/videos'>;
type FollowersQuery = ParamsOf<'/v1/clipnet/user/followers'>;

const DIGITS = '0123456789';
export const songs = ['Golden Hour', 'Night Drive', 'original sound', 'Espresso', 'Paint The Town'];
export const longId = (rng: Rng) => `7${rng.id(18, DIGITS)}`;
// Callers pass the domain read once per call: familySite reads the environment every time.
export const cdn = (domain: string, rng: Rng, kind: string) =>
  `https://p16-sign.cdn.${domain}/${kind}/${rng.id(24)}~tplv-obj.jpeg?x-expires=${SANDBOX_NOW + 86400}`;

/** The account a user endpoint names, and the errors the sandbox answers for it. */
function resolveUser(params: UserQuery | FollowersQuery, allowed: Parameters<typeof throwOnSandboxInput>[1]) {
  const handle = params.username ?? (params.url ? handleFromUrl(params.url) : undefined);
  throwOnSandboxInput({ ...params, username: handle }, allowed);
  const key = handle ?? params.user_id ?? '';
  const rng = rngFor('clipnet-user', { key });
  const who = person(rng);
  return {
    key,
    handle: handle ?? who.handle,
    name: who.name,
    id: params.user_id ?? longId(rng),
    region: rng.pick(regions),
  };
}

export function userVideos(params: UserQuery) {
  const owner = resolveUser(params, ['not_found']);
  const { source, domain } = familySite('clipnet');
  const seed = listSeed('/v1/clipnet/user/videos', { key: owner.key });
  const window = pageWindow(itemRng(seed, -1), USER_VIDEOS_PAGE, params.pages, 1000, itemRng(seed, -3).int(31, 3000));
  // Newest first: each video is a gap older than the previous one, with jitter inside the gap.
  const gap = itemRng(seed, -2).int(6, 96) * 3600;
  const pinned = itemRng(seed, -4).int(0, 3);
  const videos: ClipnetUserVideo[] = [];
  for (let i = 0; i < window.count; i++) {
    const rng = itemRng(seed, i);
    const id = longId(rng);
    const at = SANDBOX_NOW - 3600 - i * gap - rng.int(0, gap - 1);
    const isPhoto = rng.bool(0.15);
    const images: string[] = [];
    if (isPhoto) for (let n = rng.int(2, 6); n > 0; n--) images.push(cdn(domain, rng, 'photomode'));
    const likes = rng.int(20, 900_000);
    const title = sentence(rng);
    const size = isPhoto ? 0 : rng.int(800_000, 40_000_000);
    const original = rng.bool(0.4);
    videos.push({
      video_id: id,
      title,
      url: `https://www.${domain}/@${owner.handle}/${isPhoto ? 'photo' : 'video'}/${id}`,
      date: formatDate(at),
      date_timestamp: at,
      author: owner.handle,
      source,
      domain,
      snippet: `${title} #${rng.pick(tagWords)}`,
      region: owner.region,
      play_count: likes * rng.int(8, 40),
      likes,
      comments: Math.floor(likes / rng.int(20, 200)),
      shares: Math.floor(likes / rng.int(10, 100)),
      downloads: Math.floor(likes / rng.int(50, 500)),
      saves: Math.floor(likes / rng.int(5, 40)),
      duration: isPhoto ? 0 : rng.int(5, 300),
      is_ad: rng.bool(0.02),
      is_pinned: i < pinned,
      author_name: owner.name,
      author_id: owner.id,
      author_avatar: cdn(domain, rng, 'avatar'),
      author_url: `https://www.${domain}/@${owner.handle}`,
      cover: cdn(domain, rng, 'cover'),
      dynamic_cover: cdn(domain, rng, 'dynamic-cover'),
      origin_cover: cdn(domain, rng, 'origin-cover'),
      video_url: isPhoto ? '' : `https://v16m.cdn.${domain}/video/${id}/play.mp4?expires=${SANDBOX_NOW + 21600}`,
      video_url_watermarked: isPhoto
        ? ''
        : `https://v16m.cdn.${domain}/video/${id}/play_wm.mp4?expires=${SANDBOX_NOW + 21600}`,
      size,
      size_watermarked: isPhoto ? 0 : size + rng.int(10_000, 400_000),
      images,
      music_id: longId(rng),
      music_title: original ? `original sound - ${owner.handle}` : rng.pick(songs),
      music_author: original ? owner.name : person(rng).name,
      music_url: `https://sf16.cdn.${domain}/music/${rng.id(20)}.mp3`,
      music_cover: cdn(domain, rng, 'music-cover'),
      music_album: original || rng.bool(0.5) ? '' : titleWords(rng, 2),
      music_original: original,
      music_duration: rng.int(10, 60),
      mentioned_user_ids: rng.bool(0.15) ? [longId(rng)] : [],
    });
  }
  return {
    body: { videos, username: owner.handle, pages: window.pages, count: videos.length },
    pagesReturned: window.pages,
  };
}

const languages = ['en', 'es', 'pt', 'de', 'fr', 'ja', 'hi', ''];

export function userFollowers(params: FollowersQuery) {
  const owner = resolveUser(params, ['not_found', 'limited_account']);
  // The platform hides the followers of a private account: 403 limited_account.
  if (owner.handle === 'sandbox_private')
    throw new ProviderError('limited_account', 'Sandbox: followers of a private account are hidden');
  const domain = familySite('clipnet').domain;
  const seed = listSeed('/v1/clipnet/user/followers', { key: owner.key });
  const window = pageWindow(itemRng(seed, -1), FOLLOWERS_PAGE, params.pages, 100);
  const followers: ClipnetFollower[] = [];
  for (let i = 0; i < window.count; i++) {
    const rng = itemRng(seed, i);
    const who = person(rng);
    // Newest follower first: account age is independent of follow order, so it is random.
    const joined = rng.timestamp(2500);
    const linked = rng.bool(0.1);
    followers.push({
      username: who.handle,
      nickname: who.name,
      user_id: longId(rng),
      sec_uid: `MS4wLjABAAAA${rng.id(40, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_')}`,
      bio: rng.bool(0.4) ? '' : sentence(rng),
      verified: rng.bool(0.01),
      is_private: rng.bool(0.2),
      followers: rng.int(0, 5000),
      following: rng.int(0, 3000),
      likes: rng.int(0, 90000),
      video_count: rng.int(0, 400),
      videos_liked: rng.int(0, 20000),
      avatar: cdn(domain, rng, 'avatar'),
      region: rng.pick(regions),
      language: rng.pick(languages),
      date_joined: formatDate(joined),
      date_joined_timestamp: joined,
      xnet_id: linked ? rng.id(18, DIGITS) : '',
      xnet_username: linked ? who.handle : '',
      photonet_username: rng.bool(0.15) ? who.handle : '',
      videosite_channel_id: linked ? `UC${rng.id(22)}` : '',
      videosite_channel_title: linked ? who.name : '',
      url: `https://www.${domain}/@${who.handle}`,
    });
  }
  const total = window.available < FOLLOWERS_PAGE * 100 ? window.available : itemRng(seed, -2).int(10_000, 3_000_000);
  return {
    body: { followers, username: owner.handle, user_id: owner.id, total, pages: window.pages, count: followers.length },
    pagesReturned: window.pages,
  };
}
