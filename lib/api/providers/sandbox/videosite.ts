// Sandbox handlers of the videosite family: channel details; video search and comments come from
// ./videosite-videos.ts.
import { familySite } from '../../families';
import type { VideositeChannel } from '../../registry/videosite';
import type { FamilyPath, ParamsOf } from '../../registry';
import { ProviderError } from '../../registry/types';
import type { SandboxHandlers } from '../handlers';
import { formatDate, rngFor, sentence, throwOnSandboxInput } from './random';
import { compactCount, slugify, titleCase } from './texts';
import { videositeVideosSandbox, videositeVideosSandboxNotes } from './videosite-videos';

/** The documented sandbox channel ID that does not exist (24 characters, starts with UC). */
export const SANDBOX_MISSING_CHANNEL_ID = 'UCsandboxnotfound0000000';
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const countries = ['US', 'GB', 'CA', 'DE', 'IN', 'AU', 'FR', 'BR', 'JP'];

/** What identifies the channel: its ID when known, else a handle or name. */
function identify(params: ParamsOf<'/v1/videosite/channel'>): { id?: string; handle: string; display: string } {
  if (params.id !== undefined) return { id: params.id, handle: '', display: '' };
  if (params.url !== undefined) {
    const path = params.url.replace(/^(?:https?:\/\/)?[^/]+\//i, '');
    const byId = /^channel\/(UC[A-Za-z0-9_-]{22})/.exec(path);
    if (byId) return { id: byId[1]!, handle: '', display: '' };
    const handle = path.replace(/^(?:@|c\/|user\/)/i, '').split(/[/?#]/)[0]!;
    return { handle: handle.toLowerCase(), display: titleCase(decodeURIComponent(handle)) };
  }
  const name = String(params.name);
  return { handle: slugify(name.replace(/^@/, '')).replace(/-/g, ''), display: titleCase(name.replace(/^@/, '')) };
}

export const videositeSandbox: SandboxHandlers<FamilyPath<'videosite'>> = {
  '/v1/videosite/channel': (params) => {
    throwOnSandboxInput(params, ['channel_not_found']);
    for (const key of ['id', 'url', 'name'] as const) {
      const value = params[key];
      if (
        value !== undefined &&
        (value.toLowerCase().includes('sandbox_not_found') || value === SANDBOX_MISSING_CHANNEL_ID)
      ) {
        throw new ProviderError('channel_not_found', `Sandbox: no channel for ${key} '${value}'`);
      }
    }
    const who = identify(params);
    const rng = rngFor('/v1/videosite/channel', { channel: who.id ?? who.handle });
    const site = familySite('videosite');
    const channel_id = who.id ?? `UC${rng.id(22, ID_ALPHABET)}`;
    const handle =
      who.handle ||
      `channel${channel_id
        .slice(2, 8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`;
    const display = who.display || titleCase(handle);
    const subscribers = rng.int(120, 40_000_000);
    const videos = rng.int(3, 6000);
    const links: VideositeChannel['links'] = [];
    if (rng.bool(0.7)) links.push({ name: 'Website', url: `https://${handle}.example` });
    if (rng.bool(0.5)) links.push({ name: 'Newsletter', url: `https://${handle}.newsletter.example` });
    const channel: VideositeChannel = {
      channel_id,
      channel_name: display,
      description: `${display}: ${sentence(rng)} New videos every week.`,
      subscriber_count: rng.bool(0.1) ? null : `${compactCount(subscribers)} subscribers`,
      video_count: rng.bool(0.05) ? null : `${compactCount(videos)} videos`,
      view_count: rng.bool(0.05) ? null : videos * rng.int(500, 400_000),
      country: rng.bool(0.3) ? '' : rng.pick(countries),
      creation_date: formatDate(rng.timestamp(6500)).slice(0, 10),
      verified: subscribers > 100_000 && rng.bool(0.7),
      has_business_email: rng.bool(0.4),
      links,
      profile_pic_url: `https://img.${site.domain}/avatars/${channel_id}/s800.jpg`,
      banner: rng.bool(0.8) ? `https://img.${site.domain}/banners/${channel_id}/w2560.jpg` : '',
      url: `https://${site.domain}/${who.handle ? `@${handle}` : `channel/${channel_id}`}`,
    };
    return { body: { channel }, pagesReturned: 1 };
  },
  ...videositeVideosSandbox,
};

export const videositeSandboxNotes: string[] = [
  '`GET /v1/videosite/channel?name=sandbox_not_found` → 404 channel_not_found (not billed); also any `url` containing sandbox_not_found',
  `\`GET /v1/videosite/channel?id=${SANDBOX_MISSING_CHANNEL_ID}\` → 404 channel_not_found (a well-formed 24-character ID that does not exist)`,
  '`GET /v1/videosite/channel?name=sandbox_rate_limited` → 429 upstream_rate_limit',
  '`GET /v1/videosite/channel?name=<any name or @handle>`: a stable made-up channel for that name',
  ...videositeVideosSandboxNotes,
];
