// Substack's publication object (the `publication` of GET substack.com/api/v1/posts/by-id/:id, as
// jakub-k-slys/substack-api reads it) -> the spec's newsletter publication record. Pure: no I/O.
// Fields the platform leaves out or null become the spec's empty values; docs/data-sources.md
// has the field table.
import { z } from 'zod';
import type { NewsletterPublication } from '../../../registry/newsletter';

const text = z.string().nullish();
const flag = z.boolean().nullish();

/** A Stripe plan as Substack lists it in `plans` (amounts in the currency's minor unit). */
const stripePlanSchema = z.looseObject({
  active: flag,
  amount: z.number().nullish(),
  currency: text,
  interval: text,
});

export const substackPublicationSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  custom_domain: text,
  base_url: text,
  hero_text: text,
  logo_url: text,
  logo_url_wide: text,
  cover_photo_url: text,
  author_id: z.number().int().nullish(),
  author_name: text,
  author_handle: text,
  author_photo_url: text,
  author_bestseller_tier: z.number().nullish(),
  freeSubscriberCount: z.union([z.string(), z.number()]).nullish(),
  rankingDetail: text,
  rankingDetailFreeIncluded: text,
  rankingDetailOrderOfMagnitude: z.number().nullish(),
  payments_state: text,
  plans: z.array(stripePlanSchema).nullish(),
  has_podcast: flag,
  has_free_podcast: flag,
  has_subscriber_only_podcast: flag,
  podcast_title: text,
  podcast_description: text,
  podcast_art_url: text,
  podcast_byline: text,
  sections: z.array(z.looseObject({ id: z.number().int(), name: text, slug: text, is_podcast: flag })).nullish(),
  founding_plan_name: text,
  founding_plan_name_english: text,
  has_recommendations: flag,
  last_chat_post_at: text,
  language: text,
  type: text,
  twitter_screen_name: text,
  created_at: z.string(),
  first_post_date: text,
  contributors: z
    .array(
      z.looseObject({
        name: text,
        handle: text,
        user_id: z.number().int(),
        photo_url: text,
        bio: text,
        bestseller_tier: z.number().nullish(),
        role: text,
      }),
    )
    .nullish(),
});
export type SubstackPublication = z.infer<typeof substackPublicationSchema>;

/** The body of posts/by-id: a post and its publication (only the publication is read). */
export const postByIdSchema = z.looseObject({ publication: substackPublicationSchema });

/** One archive entry: only its id is read (the post whose publication is asked for). */
export const archiveSchema = z.array(z.looseObject({ id: z.number().int() }));

const TIERS = [0, 100, 1000, 10000] as const;
type Tier = (typeof TIERS)[number];

/** A badge or band figure as one of the spec's tiers; anything else (null, 1, 5000) is 0. */
function tierOf(value: number | null | undefined): Tier {
  return TIERS.find((t) => t === value) ?? 0;
}

/** ISO 8601 -> the spec's UTC `YYYY-MM-DD HH:MM:SS`. */
function utc(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19).replace('T', ' ');
}

/** "45,000" or 45000 -> 45000; null (hidden) or unreadable -> null. */
function subscriberCount(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value.replace(/[,\s]/g, ''));
  return Number.isInteger(n) && n >= 0 ? n : null;
}

const profileUrl = (handle: string | null | undefined) => (handle ? `https://substack.com/@${handle}` : '');

export function toNewsletterPublication(
  pub: SubstackPublication,
  site: { source: string; domain: string },
): NewsletterPublication {
  const customDomain = pub.custom_domain ?? '';
  // rankingDetail names the paid band ("Thousands of paid subscribers") when its order of
  // magnitude is set; otherwise it is a launch note ("Launched 2 months ago").
  const paidFloor = tierOf(pub.rankingDetailOrderOfMagnitude);
  const bestseller = tierOf(pub.author_bestseller_tier);
  const hasPodcast = pub.has_podcast ?? false;
  return {
    publication_id: String(pub.id),
    name: pub.name,
    subdomain: pub.subdomain,
    url: customDomain ? `https://${customDomain}` : (pub.base_url ?? `https://${pub.subdomain}.substack.com`),
    custom_domain: customDomain,
    description: pub.hero_text ?? '',
    logo_url: pub.logo_url ?? '',
    cover_image_url: pub.cover_photo_url ?? '',
    author: pub.author_handle ?? '',
    author_name: pub.author_name ?? '',
    author_id: pub.author_id == null ? '' : String(pub.author_id),
    author_url: profileUrl(pub.author_handle),
    author_pic_url: pub.author_photo_url ?? '',
    subscriber_count: subscriberCount(pub.freeSubscriberCount),
    subscriber_count_label: pub.rankingDetailFreeIncluded ?? '',
    ranking_detail: pub.rankingDetail ?? '',
    paid_subscriber_band: paidFloor > 0 ? (pub.rankingDetail ?? '') : '',
    paid_subscriber_floor: paidFloor,
    bestseller_tier: bestseller,
    is_bestseller: bestseller > 0,
    paid_enabled: pub.payments_state === 'enabled',
    plans: (pub.plans ?? []).flatMap((plan) =>
      plan.active !== false &&
      (plan.interval === 'month' || plan.interval === 'year') &&
      typeof plan.amount === 'number'
        ? [{ interval: plan.interval, amount: plan.amount, currency: plan.currency ?? '' }]
        : [],
    ),
    has_podcast: hasPodcast,
    podcast: hasPodcast
      ? {
          title: pub.podcast_title ?? pub.name,
          description: pub.podcast_description ?? '',
          art_url: pub.podcast_art_url ?? '',
          host: pub.podcast_byline ?? pub.author_name ?? '',
          is_free: pub.has_free_podcast ?? false,
          is_subscriber_only: pub.has_subscriber_only_podcast ?? false,
        }
      : null,
    sections: (pub.sections ?? []).map((s) => ({
      section_id: String(s.id),
      name: s.name ?? '',
      slug: s.slug ?? '',
      is_podcast: s.is_podcast ?? false,
    })),
    logo_url_wide: pub.logo_url_wide ?? '',
    founding_plan_name: pub.founding_plan_name ?? pub.founding_plan_name_english ?? '',
    has_recommendations: pub.has_recommendations ?? false,
    has_chat: pub.last_chat_post_at != null,
    language: pub.language ?? '',
    type: pub.type === 'podcast' ? 'podcast' : 'newsletter',
    xnet_handle: pub.twitter_screen_name ?? '',
    created_at: utc(pub.created_at),
    // Reached through one of its posts, so a publication always has a first post; created_at
    // stands in only if the platform ever leaves the field out.
    first_post_date: utc(pub.first_post_date ?? pub.created_at),
    source: site.source,
    domain: site.domain,
    contributors: (pub.contributors ?? []).map((c) => ({
      username: c.handle ?? '',
      full_name: c.name ?? '',
      user_id: String(c.user_id),
      biography: c.bio ?? '',
      profile_pic_url: c.photo_url ?? '',
      bestseller_tier: tierOf(c.bestseller_tier),
      // The publication's contributors list holds its admins and writers; byline-only guests are
      // not in it, so none is byline-only here.
      is_byline_only: false,
      url: profileUrl(c.handle),
    })),
  };
}
