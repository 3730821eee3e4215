// Sandbox handlers of the socialnet family: locations, group details, page videos, group search.
import { familySite } from '../../families';
import type {
  SocialnetGroup,
  SocialnetGroupPost,
  SocialnetLocation,
  SocialnetPageVideo,
} from '../../registry/socialnet';
import type { FamilyPath } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { SANDBOX_NOW, formatDate, rngFor, sentence, throwOnSandboxInput, titleWords } from './random';
import { baseSeed, descendingTimes, itemRng, listRng, person, planPages, timesRng, titleCase } from './texts';

/** The spec gives no page size for page videos or group search; the sandbox uses 10. */
const VIDEOS_PER_PAGE = 10;
const GROUP_POSTS_PER_PAGE = 10;
const DIGITS = '0123456789';

const regions: readonly { region: string; timezone: string }[] = [
  { region: 'Portugal', timezone: 'Europe/Lisbon' },
  { region: 'California, United States', timezone: 'America/Los_Angeles' },
  { region: 'Texas, United States', timezone: 'America/Chicago' },
  { region: 'New York, United States', timezone: 'America/New_York' },
  { region: 'England, United Kingdom', timezone: 'Europe/London' },
  { region: 'Bavaria, Germany', timezone: 'Europe/Berlin' },
  { region: 'Ontario, Canada', timezone: 'America/Toronto' },
  { region: 'New South Wales, Australia', timezone: 'Australia/Sydney' },
  { region: 'Maharashtra, India', timezone: 'Asia/Kolkata' },
  { region: 'Tokyo, Japan', timezone: 'Asia/Tokyo' },
];
const placeKinds = ['', ' Old Town', ' City Center', ' International Airport', ' Harbour', ' University'];

const numericId = (r: { id: (n: number, a: string) => string }, n: number) => `1${r.id(n - 1, DIGITS)}`;

export const socialnetSandbox: SandboxHandlers<FamilyPath<'socialnet'>> = {
  '/v1/socialnet/locations': (params) => {
    throwOnSandboxInput(params, []);
    const query = titleCase(params.query);
    const rng = rngFor('/v1/socialnet/locations', params);
    const n = rng.int(1, placeKinds.length);
    const results: SocialnetLocation[] = [];
    for (let i = 0; i < n; i++) {
      const place = i === 0 || rng.bool(0.6) ? regions[rng.int(0, regions.length - 1)]! : regions[0]!;
      results.push({
        id: numericId(rng, 15),
        label: `${query}${placeKinds[i]}, ${place.region}`,
        timezone: place.timezone,
      });
    }
    return { body: { results, count: results.length }, pagesReturned: 1 };
  },

  '/v1/socialnet/group': (params) => {
    const slug = /\/groups\/([^/?#\s]+)/i.exec(params.url)?.[1] ?? '';
    throwOnSandboxInput({ ...params, group: slug }, []);
    const rng = rngFor('/v1/socialnet/group', { group: slug.toLowerCase() });
    const site = familySite('socialnet');
    const isPrivate = slug.toLowerCase() === 'sandbox_private' || rng.bool(0.15);
    const id = /^\d+$/.test(slug) ? slug : numericId(rng, 15);
    const name = /^\d+$/.test(slug) ? titleWords(rng, 3) : titleCase(slug.replace(/([a-z])([A-Z])/g, '$1 $2'));
    const place = regions[rng.int(0, regions.length - 1)]!;
    const group: SocialnetGroup = {
      id,
      name,
      url: `https://${site.domain}/groups/${slug}/`,
      description: isPrivate ? '' : `${name}: ${sentence(rng)} Be kind, no spam.`,
      privacy: isPrivate ? 'Private' : 'Public',
      members_count: rng.int(12, 2_500_000),
      location: isPrivate ? '' : place.region,
      cover_photo: isPrivate ? '' : `https://scontent.${site.domain}/groups/${id}/cover.jpg`,
    };
    return { body: { group }, pagesReturned: 1 };
  },

  '/v1/socialnet/page/videos': (params) => {
    throwOnSandboxInput(params, []);
    const pageId = params.delegate_page_id;
    const seed = baseSeed(listRng('/v1/socialnet/page/videos', params));
    const site = familySite('socialnet');
    const plan = planPages(seed, params.pages, VIDEOS_PER_PAGE, 15);
    const times = descendingTimes(timesRng(seed), SANDBOX_NOW, plan.count, 9 * 86400);
    const videos: SocialnetPageVideo[] = new Array<SocialnetPageVideo>(plan.count);
    for (let i = 0; i < plan.count; i++) {
      const r = itemRng(seed, i);
      const video_id = numericId(r, 16);
      videos[i] = {
        video_id,
        url: `https://${site.domain}/${pageId}/videos/${video_id}/`,
        description: `${titleWords(r, 4)}. ${sentence(r)}`,
        thumbnail: `https://scontent.${site.domain}/v/${video_id}/thumb.jpg`,
        play_count: r.int(40, 3_000_000),
        date: formatDate(times[i]!),
        timestamp: times[i]!,
      };
    }
    const pages = plan.perPage.length;
    return { body: { videos, count: videos.length, pages }, pagesReturned: pages };
  },

  '/v1/socialnet/group/search': (params) => {
    throwOnSandboxInput(params, []);
    const seed = baseSeed(listRng('/v1/socialnet/group/search', params));
    const site = familySite('socialnet');
    const groupId = params.group_id ?? '';
    const query = params.query ?? '';
    // Dates bound the posts; a window wholly in the future holds none.
    const hi = Math.min(
      SANDBOX_NOW,
      params.end_date === undefined ? SANDBOX_NOW : Date.parse(`${params.end_date}T23:59:59Z`) / 1000,
    );
    const lo = params.start_date === undefined ? hi - 365 * 86400 : Date.parse(`${params.start_date}T00:00:00Z`) / 1000;
    const plan = hi > lo ? planPages(seed, params.pages, GROUP_POSTS_PER_PAGE, 10) : { perPage: [], count: 0 };
    // Posts spread over the window as if the query's whole result were returned, so that a
    // post's date does not depend on how many pages were asked for.
    const all = hi > lo ? planPages(seed, 10, GROUP_POSTS_PER_PAGE, 10).count : 0;
    const step = (hi - lo) / Math.max(1, all);
    const posts: SocialnetGroupPost[] = new Array<SocialnetGroupPost>(plan.count);
    for (let i = 0; i < plan.count; i++) {
      const r = itemRng(seed, i);
      const ts = Math.floor(hi - (i + r.next()) * step);
      const who = person(r);
      const author_id = numericId(r, 15);
      const post_id = numericId(r, 16);
      const group = groupId || numericId(r, 15);
      const reactions = {
        like: r.int(0, 400),
        love: r.int(0, 80),
        wow: r.int(0, 10),
        haha: r.int(0, 30),
        sad: r.int(0, 8),
        angry: r.int(0, 5),
      };
      const media = r.next();
      posts[i] = {
        post_id,
        url: `https://${site.domain}/groups/${group}/posts/${post_id}/`,
        message: `${query ? `${titleCase(query)}: ` : ''}${sentence(r)} ${sentence(r)}`,
        date: formatDate(ts),
        timestamp: ts,
        author_name: who.name,
        author_id,
        author_url: `https://${site.domain}/profile.php?id=${author_id}`,
        author_profile_picture: `https://scontent.${site.domain}/p/${author_id}/s100.jpg`,
        comments_count: r.int(0, 120),
        reactions_count:
          reactions.like + reactions.love + reactions.wow + reactions.haha + reactions.sad + reactions.angry,
        reshare_count: r.int(0, 25),
        reactions,
        image_url: media < 0.3 ? `https://scontent.${site.domain}/i/${post_id}.jpg` : null,
        video:
          media >= 0.3 && media < 0.4
            ? {
                url: `https://${site.domain}/watch/?v=${post_id}`,
                thumbnail: `https://scontent.${site.domain}/v/${post_id}/thumb.jpg`,
              }
            : null,
        external_url: media >= 0.85 ? `https://blog.example.com/${post_id}` : null,
      };
    }
    const pages = plan.perPage.length;
    return { body: { posts, count: posts.length, pages }, pagesReturned: pages };
  },
};

export const socialnetSandboxNotes: string[] = [
  '`GET /v1/socialnet/locations?query=sandbox_rate_limited` → 429 upstream_rate_limit (any socialnet query, delegate_page_id or group_id equal to sandbox_rate_limited)',
  '`GET /v1/socialnet/group?url=https://socialnet.example/groups/sandbox_private` → a Private group with basic details only',
  '`GET /v1/socialnet/group?url=https://socialnet.example/groups/sandbox_rate_limited` → 429 upstream_rate_limit',
  '`GET /v1/socialnet/group/search?query=<any>&start_date=2030-01-01` → no posts, pages 0 (a window after the sandbox date 2026-11-01)',
  '`GET /v1/socialnet/page/videos?delegate_page_id=<any>&pages=N`: 10 videos per page; some pages run out before page N',
];
