// zod schemas of the AT Protocol payloads the openmicro adapter reads: app.bsky.feed.searchPosts's
// answer (lexicons/app/bsky/feed/searchPosts.json), its PostViews (app.bsky.feed.defs#postView)
// and their embed views, the session answers, and XRPC error bodies. Only the fields the record
// reads are listed (the AppView adds more over time). Facets are the author's own data and are
// read one by one where mapped (a malformed facet is skipped, not a failed page); an embed view of
// a known type must have its shape, and an embed of a type this adapter does not know is ignored.
import { z } from 'zod';

const count = z.number().int().min(0);
const aspectRatio = z.object({ width: z.number().int().min(0), height: z.number().int().min(0) });

const authorSchema = z.object({
  did: z.string().min(1),
  handle: z.string().min(1),
  displayName: z.string().optional(),
  /** Since 2025-04: blue checks (verifiedStatus) and trusted verifiers (trustedVerifierStatus). */
  verification: z
    .object({ verifiedStatus: z.string().optional(), trustedVerifierStatus: z.string().optional() })
    .optional(),
});
export type Author = z.infer<typeof authorSchema>;

/** app.bsky.feed.post, as the PostView's `record`. */
const postRecordSchema = z.object({
  text: z.string(),
  createdAt: z.string(),
  langs: z.array(z.string()).optional(),
  facets: z.array(z.unknown()).optional(),
  tags: z.array(z.string()).optional(),
  reply: z.object({ parent: z.object({ uri: z.string() }) }).optional(),
});

export const facetSchema = z.object({
  index: z.object({ byteStart: z.number().int().min(0), byteEnd: z.number().int().min(0) }),
  features: z.array(
    z.object({ $type: z.string(), did: z.string().optional(), uri: z.string().optional(), tag: z.string().optional() }),
  ),
});

const imageSchema = z.object({
  thumb: z.string(),
  fullsize: z.string(),
  alt: z.string(),
  aspectRatio: aspectRatio.optional(),
});
const imagesViewSchema = z.object({
  $type: z.literal('app.bsky.embed.images#view'),
  images: z.array(imageSchema),
});

/** app.bsky.embed.gallery#view (2026): items are a union; image items are the only kind so far. */
const galleryViewSchema = z.object({
  $type: z.literal('app.bsky.embed.gallery#view'),
  items: z.array(z.object({ $type: z.string().optional() }).loose()),
});
export const galleryImageSchema = z.object({
  thumbnail: z.string(),
  fullsize: z.string(),
  alt: z.string(),
  aspectRatio: aspectRatio.optional(),
});

const videoViewSchema = z.object({
  $type: z.literal('app.bsky.embed.video#view'),
  playlist: z.string(),
  thumbnail: z.string().optional(),
});

const externalViewSchema = z.object({
  $type: z.literal('app.bsky.embed.external#view'),
  external: z.object({ uri: z.string(), title: z.string(), description: z.string(), thumb: z.string().optional() }),
});

/** A known view of its type must have its shape; a type this adapter does not know passes unread. */
function knownOrOther<
  const T extends readonly [
    z.ZodObject<{ $type: z.ZodLiteral<string> }>,
    ...z.ZodObject<{ $type: z.ZodLiteral<string> }>[],
  ],
>(views: T) {
  const known = new Set<string>(views.map((schema) => schema.shape.$type.value));
  return z.union([
    z.discriminatedUnion('$type', views),
    z.object({ $type: z.string().refine((type) => !known.has(type), { error: 'malformed embed view' }) }).loose(),
  ]);
}

/** What a record-with-media embed carries beside the record. */
const mediaViewSchema = knownOrOther([imagesViewSchema, galleryViewSchema, videoViewSchema, externalViewSchema]);

/** The embedded record: a post (#viewRecord), one not found, blocked or detached, or a feed, list, … */
const embeddedRecordSchema = z.object({ $type: z.string().optional(), uri: z.string().optional() }).loose();
const recordViewSchema = z.object({
  $type: z.literal('app.bsky.embed.record#view'),
  record: embeddedRecordSchema,
});
const recordWithMediaViewSchema = z.object({
  $type: z.literal('app.bsky.embed.recordWithMedia#view'),
  record: z.object({ record: embeddedRecordSchema }),
  media: mediaViewSchema,
});

/** A quoted post (app.bsky.embed.record#viewRecord whose value is an app.bsky.feed.post). */
export const viewRecordSchema = z.object({
  uri: z.string(),
  author: authorSchema,
  value: z.object({ text: z.string(), createdAt: z.string() }),
  likeCount: count.optional(),
  repostCount: count.optional(),
  indexedAt: z.string(),
});

const embedViewSchema = knownOrOther([
  imagesViewSchema,
  galleryViewSchema,
  videoViewSchema,
  externalViewSchema,
  recordViewSchema,
  recordWithMediaViewSchema,
]);
export type EmbedView = z.infer<typeof embedViewSchema>;
export type MediaView = z.infer<typeof mediaViewSchema>;

export const postViewSchema = z.object({
  uri: z.string().min(1),
  author: authorSchema,
  record: postRecordSchema,
  embed: embedViewSchema.optional(),
  replyCount: count.optional(),
  repostCount: count.optional(),
  likeCount: count.optional(),
  quoteCount: count.optional(),
  bookmarkCount: count.optional(),
  indexedAt: z.string(),
});
export type PostView = z.infer<typeof postViewSchema>;

/** GET /xrpc/app.bsky.feed.searchPosts */
export const searchPostsSchema = z.object({
  posts: z.array(postViewSchema),
  cursor: z.string().optional(),
  hitsTotal: z.number().int().optional(),
});

/** com.atproto.server.createSession and refreshSession (the fields used; tokens are never logged). */
export const sessionSchema = z.object({
  accessJwt: z.string().min(1),
  refreshJwt: z.string().min(1),
  did: z.string(),
  handle: z.string(),
});
export type SessionTokens = z.infer<typeof sessionSchema>;

/** XRPC error body: {error, message}, both optional in practice. */
const xrpcErrorSchema = z.object({ error: z.string().optional(), message: z.string().optional() });
export function xrpcError(body: unknown): { error: string; message: string } {
  const parsed = xrpcErrorSchema.safeParse(body);
  return {
    error: (parsed.success && parsed.data.error) || 'Unknown',
    message: (parsed.success && parsed.data.message) || '',
  };
}
