// Record schemas of the clipnet family, field for field from the spec's "Clipnet ..." sections.
// Strict objects, so a sandbox or upstream record with a missing or extra field fails the tests.
import { z } from 'zod';
import { count, sentimentField, unixTime, utcDate } from './common';

const region = z.string().regex(/^[A-Z]{2}$/);

const commentFields = {
  comment_id: z.string(),
  video_id: z.string(),
  text: z.string(),
  images: z.array(z.string()),
  likes: count,
  date: utcDate,
  date_timestamp: unixTime,
  author: z.string(),
  author_name: z.string(),
  author_id: z.string(),
  author_avatar: z.string(),
  author_url: z.string(),
  author_verified: z.boolean(),
  author_bio: z.string(),
  author_region: region,
  source: z.string(),
  domain: z.string(),
  sentiment: sentimentField,
};

// Clipnet comment (element of `comments`): a top-level comment carries its reply count.
export const clipnetCommentSchema = z.strictObject({ ...commentFields, reply_count: count });
export type ClipnetComment = z.infer<typeof clipnetCommentSchema>;

// Clipnet reply (element of `replies`): a reply names the comment it belongs to.
export const clipnetReplySchema = z.strictObject({ ...commentFields, parent_comment_id: z.string() });
export type ClipnetReply = z.infer<typeof clipnetReplySchema>;

// Clipnet search video (element of `videos` for video search)
export const clipnetSearchVideoSchema = z.strictObject({
  title: z.string(),
  url: z.string(),
  date: utcDate,
  author: z.string(),
  source: z.string(),
  domain: z.string(),
  snippet: z.string(),
  play_count: count,
  likes: count,
  comments: count,
  shares: count,
  downloads: count,
  duration: count,
  is_ad: z.boolean(),
  author_name: z.string(),
  author_avatar: z.string(),
  cover: z.string(),
  music_title: z.string(),
  music_author: z.string(),
  sentiment: sentimentField,
});
export type ClipnetSearchVideo = z.infer<typeof clipnetSearchVideoSchema>;

// Clipnet user video (element of `videos` for user videos); photo posts have images and duration 0.
export const clipnetUserVideoSchema = z.strictObject({
  video_id: z.string(),
  title: z.string(),
  url: z.string(),
  date: utcDate,
  date_timestamp: unixTime,
  author: z.string(),
  source: z.string(),
  domain: z.string(),
  snippet: z.string(),
  region,
  play_count: count,
  likes: count,
  comments: count,
  shares: count,
  downloads: count,
  saves: count,
  duration: count,
  is_ad: z.boolean(),
  is_pinned: z.boolean(),
  author_name: z.string(),
  author_id: z.string(),
  author_avatar: z.string(),
  author_url: z.string(),
  cover: z.string(),
  dynamic_cover: z.string(),
  origin_cover: z.string(),
  video_url: z.string(),
  video_url_watermarked: z.string(),
  size: count,
  size_watermarked: count,
  images: z.array(z.string()),
  music_id: z.string(),
  music_title: z.string(),
  music_author: z.string(),
  music_url: z.string(),
  music_cover: z.string(),
  music_album: z.string(),
  music_original: z.boolean(),
  music_duration: count,
  mentioned_user_ids: z.array(z.string()),
  sentiment: sentimentField,
});
export type ClipnetUserVideo = z.infer<typeof clipnetUserVideoSchema>;

// Clipnet follower (element of `followers`). The spec lists no sentiment field but accepts
// get_sentiment on this endpoint, so the gateway's analysis of `bio` lands in `sentiment`.
export const clipnetFollowerSchema = z.strictObject({
  username: z.string(),
  nickname: z.string(),
  user_id: z.string(),
  sec_uid: z.string(),
  bio: z.string(),
  verified: z.boolean(),
  is_private: z.boolean(),
  followers: count,
  following: count,
  likes: count,
  video_count: count,
  videos_liked: count,
  avatar: z.string(),
  region: z.string(),
  language: z.string(),
  date_joined: utcDate,
  date_joined_timestamp: unixTime,
  xnet_id: z.string(),
  xnet_username: z.string(),
  photonet_username: z.string(),
  videosite_channel_id: z.string(),
  videosite_channel_title: z.string(),
  url: z.string(),
  sentiment: sentimentField,
});
export type ClipnetFollower = z.infer<typeof clipnetFollowerSchema>;
