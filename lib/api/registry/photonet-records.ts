// Record schemas of the photonet family, field for field from the spec's "Photonet ..." sections.
// Strict objects, so a sandbox or upstream record with a missing or extra field fails the tests.
import { z } from 'zod';
import { count, sentimentField, unixTime, utcDate } from './common';

// Photonet comment reply (element of `replies`)
export const photonetCommentReplySchema = z.strictObject({
  comment_id: z.string(),
  text: z.string(),
  author: z.string(),
  author_name: z.string(),
  author_id: z.string(),
  author_verified: z.boolean(),
  author_is_ai_generated_profile: z.boolean().nullable(),
  author_url: z.string(),
  author_profile_pic_url: z.string(),
  likes: count,
  reply_count: count,
  is_pinned: z.boolean(),
  hashtags: z.array(z.string()),
  mentions: z.array(z.string()),
  date: utcDate,
  date_timestamp: unixTime,
  /** Empty when the post was given by media ID. */
  url: z.string(),
  source: z.string(),
  domain: z.string(),
  gif_url: z.string().nullable(),
  parent_comment_id: z.string(),
  replied_to_comment_id: z.string(),
  sentiment: sentimentField,
});
export type PhotonetCommentReply = z.infer<typeof photonetCommentReplySchema>;

// Photonet highlight (field `highlight`)
export const photonetHighlightSchema = z.strictObject({
  highlight_id: z.string(),
  title: z.string(),
  media_count: count,
  cover_url: z.string(),
  created_at: utcDate,
  created_at_timestamp: unixTime,
  updated_at: utcDate,
  updated_at_timestamp: unixTime,
  is_pinned: z.boolean(),
  url: z.string(),
  author: z.string(),
  author_id: z.string(),
});

const taggedUser = z.strictObject({ username: z.string(), full_name: z.string(), user_id: z.string() });

// Photonet story (element of `stories`)
export const photonetStorySchema = z.strictObject({
  title: z.string(),
  url: z.string(),
  date: utcDate,
  date_timestamp: unixTime,
  expires_at: z.literal(''),
  expires_at_timestamp: z.null(),
  author: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  author_verified: z.boolean(),
  source: z.string(),
  domain: z.string(),
  snippet: z.string(),
  is_video: z.boolean(),
  media_type: z.literal('story'),
  media_id: z.string(),
  thumbnail_url: z.string(),
  video_url: z.string(),
  video_duration: z.number().min(0).nullable(),
  width: count,
  height: count,
  location: z.strictObject({ name: z.string(), city: z.string(), lat: z.number(), lng: z.number() }).nullable(),
  tagged_users: z.array(taggedUser),
  mentions: z.array(z.string()),
  links: z.array(z.strictObject({ url: z.string(), title: z.string() })),
  audio: z
    .strictObject({ type: z.string(), title: z.string(), artist: z.string(), audio_id: z.string(), duration_ms: count })
    .nullable(),
  coauthors: z.array(taggedUser.extend({ is_verified: z.boolean() })),
  is_paid_partnership: z.boolean(),
  ai_label: z.strictObject({ label: z.null(), detection_method: z.string() }),
});
export type PhotonetStory = z.infer<typeof photonetStorySchema>;

// Photonet user (field `user`)
export const photonetUserSchema = z.strictObject({
  username: z.string(),
  full_name: z.string(),
  user_id: z.string(),
  biography: z.string(),
  follower_count: count,
  /** Null where the platform leaves it out (the live Instagram Graph API may). */
  following_count: count.nullable(),
  media_count: count,
  /** Null where the platform does not say (the live Instagram Graph API does not). */
  is_verified: z.boolean().nullable(),
  is_private: z.boolean(),
  is_business: z.boolean(),
  category: z.string(),
  external_url: z.string(),
  bio_links: z.array(z.strictObject({ url: z.string(), title: z.string() })),
  profile_pic_url: z.string(),
  profile_pic_url_hd: z.string(),
  public_email: z.string(),
  public_phone_number: z.string(),
  account_based_in: z.string(),
  date_joined: z.string(),
  date_joined_timestamp: unixTime.nullable(),
  date_verified: z.string(),
  date_verified_timestamp: unixTime.nullable(),
  former_usernames: count.nullable(),
  /** Null where the platform does not say (the live Instagram Graph API does not). */
  is_ai_generated_profile: z.boolean().nullable(),
  url: z.string(),
});
export type PhotonetUser = z.infer<typeof photonetUserSchema>;

// Photonet followed account (element of `following`)
export const photonetFollowedAccountSchema = z.strictObject({
  username: z.string(),
  full_name: z.string(),
  user_id: z.string(),
  is_verified: z.boolean(),
  is_private: z.boolean(),
  profile_pic_url: z.string(),
  url: z.string(),
});
export type PhotonetFollowedAccount = z.infer<typeof photonetFollowedAccountSchema>;
