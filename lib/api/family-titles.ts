// Each endpoint family's display name and one-line description: the OpenAPI document's tags, the
// reference's sidebar and the explorer's picker groups. Families without endpoints are left out.
import type { EndpointDefinition } from './registry/types';

type Group = EndpointDefinition['family'];

export const familyTitles: Partial<Record<Group, { title: string; description: string }>> = {
  shop: { title: 'Shop', description: 'Marketplace product search, product details, sellers and their reviews.' },
  photonet: { title: 'Photonet', description: 'Photo network: user profiles, followed accounts, comment replies and highlight stories.' },
  clipnet: { title: 'Clipnet', description: 'Short videos: search, a user\'s videos and followers, comments and replies.' },
  openmicro: { title: 'Openmicro', description: 'Open microblogging: post search.' },
  politicnet: { title: 'Politicnet', description: 'A politics network: a user\'s posts.' },
  newsletter: { title: 'Newsletter', description: 'Newsletter platform: profiles, notes, category feeds and publications.' },
  videosite: { title: 'Videosite', description: 'Video site: channel details.' },
  forumsite: { title: 'Forumsite', description: 'Forums: a community\'s posts and details.' },
  socialnet: { title: 'Socialnet', description: 'Social network: locations, groups, a page\'s videos and group post search.' },
  textthreads: { title: 'Textthreads', description: 'Text threads: a user\'s posts.' },
  news: { title: 'News', description: 'News article search.' },
  platform: { title: 'Platform', description: 'Batch calls and the key check; free and not counted.' },
};

/** A family's display name ("Forumsite"). */
export function familyTitle(family: Group): string {
  return familyTitles[family]?.title ?? family;
}
