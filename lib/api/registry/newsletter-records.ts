// Record schemas of the newsletter family, field for field as the spec lists them. Strict objects,
// so a generator or upstream mapping that adds or drops a field fails validation.
import { z } from 'zod';
import { count, sentimentField, utcDate } from './common';

// The platform's bestseller badges; 0 means no badge.
const tier = z.literal([0, 100, 1000, 10000]);
/** Reaction counts keyed by emoji, e.g. { "❤": 12 }. */
const reactions = z.record(z.string(), count);

const newsletterPrimaryPublicationSchema = z.strictObject({
  publication_id: z.string(),
  name: z.string(),
  subdomain: z.string(),
  url: z.string(),
  logo_url: z.string(),
});

// Element of `users` (GET /v1/newsletter/users).
export const newsletterUserSchema = z.strictObject({
  username: z.string(),
  full_name: z.string(),
  user_id: z.string(),
  biography: z.string(),
  profile_pic_url: z.string(),
  follower_count: count,
  /** Rounded; 0 when hidden. */
  subscriber_count: count,
  subscriber_count_label: z.string(),
  bestseller_tier: tier,
  is_bestseller: z.boolean(),
  /** Empty when hidden. */
  paid_subscriber_band: z.string(),
  paid_subscriber_floor: tier,
  /** Null when the user is unranked. */
  leaderboard: z
    .strictObject({
      category: z.string(),
      category_id: z.number().int(),
      rank: z.number().int().min(1),
      board: z.string(),
    })
    .nullable(),
  /** Empty when none. */
  xnet_handle: z.string(),
  primary_publication: newsletterPrimaryPublicationSchema,
  date_joined: utcDate,
  url: z.string(),
});

// An attachment carries a title (link, post, publication) or dimensions (image, video) where relevant.
const newsletterAttachmentSchema = z.strictObject({
  type: z.enum(['image', 'video', 'link', 'post', 'note', 'publication']),
  url: z.string(),
  title: z.string().optional(),
  width: z.number().int().min(1).optional(),
  height: z.number().int().min(1).optional(),
});

// Element of `notes` (notes search); sentiment only there, when get_sentiment=true.
export const newsletterNoteSchema = z.strictObject({
  note_id: z.string(),
  body: z.string(),
  date: utcDate,
  author: z.string(),
  author_name: z.string(),
  author_id: z.string(),
  author_url: z.string(),
  source: z.string(),
  domain: z.string(),
  likes: count,
  replies: count,
  restacks: count,
  reactions,
  author_pic_url: z.string(),
  author_bestseller_tier: tier,
  lang: z.string(),
  attachments: z.array(newsletterAttachmentSchema),
  /** The author's primary publication name. */
  publication: z.string(),
  url: z.string(),
  sentiment: sentimentField,
});

// A note inside the category feed: the note record tagged with its type.
const newsletterFeedNoteSchema = newsletterNoteSchema.extend({ type: z.literal('note') });

// Items of type post in the category feed. Media fields are empty strings (durations 0) when absent.
export const newsletterPostItemSchema = z.strictObject({
  type: z.literal('post'),
  post_type: z.enum(['newsletter', 'podcast', 'video', 'thread']),
  post_id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  snippet: z.string(),
  slug: z.string(),
  url: z.string(),
  date: utcDate,
  lang: z.string(),
  audience: z.string(),
  is_paid: z.boolean(),
  wordcount: count,
  comments: count,
  likes: count,
  replies: count,
  restacks: count,
  reactions,
  tags: z.array(z.string()),
  cover_image_url: z.string(),
  audio_url: z.string(),
  podcast_url: z.string(),
  podcast_image_url: z.string(),
  /** Seconds; 0 unless a podcast. */
  podcast_duration: count,
  /** Seconds; 0 unless a video. */
  video_duration: count,
  author: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  authors: z.array(z.strictObject({ name: z.string(), url: z.string(), user_id: z.string(), username: z.string() })),
  publication: z.string(),
  publication_id: z.string(),
  publication_url: z.string(),
  source: z.string(),
  domain: z.string(),
});

export const newsletterFeedItemSchema = z.discriminatedUnion('type', [
  newsletterFeedNoteSchema,
  newsletterPostItemSchema,
]);

// Field `publication` (GET /v1/newsletter/publication).
export const newsletterPublicationSchema = z.strictObject({
  publication_id: z.string(),
  name: z.string(),
  subdomain: z.string(),
  /** The custom domain when the publication has one. */
  url: z.string(),
  custom_domain: z.string(),
  description: z.string(),
  logo_url: z.string(),
  cover_image_url: z.string(),
  author: z.string(),
  author_name: z.string(),
  author_id: z.string(),
  author_url: z.string(),
  author_pic_url: z.string(),
  /** Rounded; null when hidden. */
  subscriber_count: count.nullable(),
  subscriber_count_label: z.string(),
  ranking_detail: z.string(),
  paid_subscriber_band: z.string(),
  paid_subscriber_floor: tier,
  bestseller_tier: tier,
  is_bestseller: z.boolean(),
  paid_enabled: z.boolean(),
  plans: z.array(
    z.strictObject({ interval: z.enum(['month', 'year']), amount: z.number().min(0), currency: z.string() }),
  ),
  has_podcast: z.boolean(),
  podcast: z
    .strictObject({
      title: z.string(),
      description: z.string(),
      art_url: z.string(),
      host: z.string(),
      is_free: z.boolean(),
      is_subscriber_only: z.boolean(),
    })
    .nullable(),
  sections: z.array(
    z.strictObject({ section_id: z.string(), name: z.string(), slug: z.string(), is_podcast: z.boolean() }),
  ),
  logo_url_wide: z.string(),
  founding_plan_name: z.string(),
  has_recommendations: z.boolean(),
  has_chat: z.boolean(),
  language: z.string(),
  type: z.enum(['newsletter', 'podcast']),
  xnet_handle: z.string(),
  created_at: utcDate,
  first_post_date: utcDate,
  source: z.string(),
  domain: z.string(),
  contributors: z.array(
    z.strictObject({
      username: z.string(),
      full_name: z.string(),
      user_id: z.string(),
      biography: z.string(),
      profile_pic_url: z.string(),
      bestseller_tier: tier,
      is_byline_only: z.boolean(),
      url: z.string(),
    }),
  ),
});

export type NewsletterUser = z.infer<typeof newsletterUserSchema>;
export type NewsletterNote = z.infer<typeof newsletterNoteSchema>;
export type NewsletterFeedItem = z.infer<typeof newsletterFeedItemSchema>;
export type NewsletterPostItem = z.infer<typeof newsletterPostItemSchema>;
export type NewsletterPublication = z.infer<typeof newsletterPublicationSchema>;
