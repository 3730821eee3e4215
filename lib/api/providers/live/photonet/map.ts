// The Instagram Graph API's business discovery payload and its mapping to the photonet user record.
// Business discovery reads a business or creator account's public profile through the operator's
// own Instagram business account; it says nothing of verification, privacy (a discoverable account
// is public), category, bio links, contact details or account history: those stay empty or null
// as the field table in docs/data-sources.md says.
import { z } from 'zod';
import type { PhotonetUser } from '../../../registry/photonet-records';
import type { PlatformSite } from '../types';

/** The profile fields the adapter asks business discovery for. */
export const DISCOVERY_FIELDS = [
  'id',
  'username',
  'name',
  'biography',
  'website',
  'profile_picture_url',
  'followers_count',
  'follows_count',
  'media_count',
] as const;

const count = z.number().int().min(0);

const discoveredUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().optional(),
  biography: z.string().optional(),
  website: z.string().optional(),
  profile_picture_url: z.string().optional(),
  followers_count: count,
  follows_count: count.optional(),
  media_count: count,
});
export type DiscoveredUser = z.infer<typeof discoveredUserSchema>;

export const businessDiscoverySchema = z.object({ business_discovery: discoveredUserSchema, id: z.string() });

export function toPhotonetUser(user: DiscoveredUser, site: PlatformSite): PhotonetUser {
  const picture = user.profile_picture_url ?? '';
  return {
    username: user.username,
    full_name: user.name ?? '',
    user_id: user.id,
    biography: user.biography ?? '',
    follower_count: user.followers_count,
    following_count: user.follows_count ?? null,
    media_count: user.media_count,
    is_verified: null,
    // Business discovery reaches public business and creator accounts only.
    is_private: false,
    is_business: true,
    category: '',
    external_url: user.website ?? '',
    bio_links: [],
    profile_pic_url: picture,
    profile_pic_url_hd: picture,
    public_email: '',
    public_phone_number: '',
    account_based_in: '',
    date_joined: '',
    date_joined_timestamp: null,
    date_verified: '',
    date_verified_timestamp: null,
    former_usernames: null,
    is_ai_generated_profile: null,
    url: `https://www.${site.domain}/${user.username}/`,
  };
}
