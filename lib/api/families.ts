// Each data family, described once: its display name and one-line description (the OpenAPI
// document's tags, the reference's sidebar, the explorer's picker groups, the pricing page) and
// its public `source` and `domain` (the records' fields). The spec hides the platforms' real
// names, so the defaults are neutral; an operator sets the real ones with FAMILY_<NAME>_SOURCE
// and FAMILY_<NAME>_DOMAIN (e.g. FAMILY_SHOP_DOMAIN). Families without endpoints have no title.
import { envRecord } from '@/lib/env';
import type { EndpointGroup, Family } from './registry/types';

type Described = { title: string; description: string };

/** In the order the docs and the OpenAPI tags list them. */
const table: Record<Family, { site: { source: string; domain: string } } & Partial<Described>> = {
  shop: {
    title: 'Shop',
    description: 'Marketplace product search, product details, sellers and their reviews.',
    site: { source: 'Shop', domain: 'shop.example' },
  },
  photonet: {
    title: 'Photonet',
    description: 'Photo network: user profiles, followed accounts, comment replies and highlight stories.',
    site: { source: 'Photonet', domain: 'photonet.example' },
  },
  clipnet: {
    title: 'Clipnet',
    description: "Short videos: search, a user's videos and followers, comments and replies.",
    site: { source: 'Clipnet', domain: 'clipnet.example' },
  },
  openmicro: {
    title: 'Openmicro',
    description: 'Open microblogging: post search.',
    site: { source: 'Openmicro', domain: 'openmicro.example' },
  },
  politicnet: {
    title: 'Politicnet',
    description: "A politics network: a user's posts.",
    site: { source: 'Politicnet', domain: 'politicnet.example' },
  },
  newsletter: {
    title: 'Newsletter',
    description: 'Newsletter platform: profiles, notes, category feeds and publications.',
    site: { source: 'Newsletter', domain: 'newsletter.example' },
  },
  videosite: {
    title: 'Videosite',
    description: "Video site: channel details, video search and a video's comments.",
    site: { source: 'Videosite', domain: 'videosite.example' },
  },
  forumsite: {
    title: 'Forumsite',
    description: "Forums: a community's posts and details, post search and a post's comments.",
    site: { source: 'Forumsite', domain: 'forumsite.example' },
  },
  socialnet: {
    title: 'Socialnet',
    description: "Social network: locations, groups, a page's videos and group post search.",
    site: { source: 'Socialnet', domain: 'socialnet.example' },
  },
  textthreads: {
    title: 'Textthreads',
    description: "Text threads: a user's posts.",
    site: { source: 'Textthreads', domain: 'textthreads.example' },
  },
  news: { title: 'News', description: 'News article search.', site: { source: 'News', domain: 'news.example' } },
  xnet: {
    title: 'Xnet',
    description: 'Short posts: post search.',
    site: { source: 'Xnet', domain: 'xnet.example' },
  },
  pronet: {
    title: 'Pronet',
    description: 'Professional network: post search.',
    site: { source: 'Pronet', domain: 'pronet.example' },
  },
  websearch: {
    title: 'Web search',
    description: 'Web search: organic results.',
    site: { source: 'Websearch', domain: 'websearch.example' },
  },
  places: {
    title: 'Places',
    description: 'Place search on a map: names, categories, addresses, contacts and coordinates.',
    site: { source: 'Places', domain: 'places.example' },
  },
  reviewsite: {
    title: 'Reviewsite',
    description: "Business reviews: business search and a business's reviews.",
    site: { source: 'Reviewsite', domain: 'reviewsite.example' },
  },
};

/** Display name and description per group with endpoints, 'platform' (batch, the key check, usage) last. */
export const groupTitles: Partial<Record<EndpointGroup, Described>> = {
  ...Object.fromEntries(
    Object.entries(table).flatMap(([family, { title, description }]) =>
      title && description ? [[family, { title, description }]] : [],
    ),
  ),
  platform: {
    title: 'Platform',
    description:
      "Batch calls (each item at its own endpoint's price), the key check and the account's usage (free and not counted).",
  },
};

/** A group's display name ("Forumsite", "Platform"). */
export function groupTitle(group: EndpointGroup): string {
  return groupTitles[group]?.title ?? group;
}

/** A family's public source and domain, as the operator set them or the neutral defaults. */
export function familySite(family: Family): { source: string; domain: string } {
  const env = envRecord();
  const key = `FAMILY_${family.toUpperCase()}`;
  return {
    source: env[`${key}_SOURCE`] ?? table[family].site.source,
    domain: env[`${key}_DOMAIN`] ?? table[family].site.domain,
  };
}
