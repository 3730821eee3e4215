// AT Protocol PostViews (app.bsky.feed.searchPosts) -> openmicro records. Pure: no I/O, no clock.
// The field table, with the source of each field, is in docs/data-sources.md ("openmicro").
// Post text is plain text on this network (rich text is carried by facets), so no HTML is turned
// into text here.
import type { OpenmicroPost } from '../../../registry/openmicro';
import { facetSchema, viewRecordSchema, type Author, type PostView } from './schema';
import { mediaOf, externalOf, embeddedPostOf } from './embeds';

export interface Site {
  /** The platform's display name and domain (the adapter's `site`, LiveContext.site). */
  source: string;
  domain: string;
}

/** The network's web app, where a post and a profile have their public pages. */
const WEB_APP = 'https://bsky.app';

/**
 * An AT Protocol datetime as the spec's UTC "YYYY-MM-DD HH:MM:SS". Datetimes without a zone
 * (rare, and invalid by the spec) are read as UTC; an unreadable one gives null.
 */
export function utcDateOf(value: string): string | null {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim()) ? value.trim() : `${value.trim()}Z`;
  const at = Date.parse(zoned);
  if (Number.isNaN(at)) return null;
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** The post's date: its createdAt, or when that is unreadable the AppView's indexedAt. */
function dateOf(createdAt: string, indexedAt: string): string {
  return utcDateOf(createdAt) ?? utcDateOf(indexedAt) ?? '1970-01-01 00:00:00';
}

/** The post's public page: bsky.app/profile/{handle}/post/{rkey} (the DID when the handle is invalid). */
function postUrlOf(uri: string, author: Pick<Author, 'did' | 'handle'>): string {
  const rkey = uri.split('/').at(-1) ?? '';
  const who = author.handle === 'handle.invalid' ? author.did : author.handle;
  return `${WEB_APP}/profile/${who}/post/${rkey}`;
}

/** A blue check: verified by a trusted verifier, or a trusted verifier itself. */
function isVerified(author: Author): boolean {
  const state = author.verification;
  return state?.verifiedStatus === 'valid' || state?.trustedVerifierStatus === 'valid';
}

const unique = (values: string[]) => [...new Set(values.filter((value) => value !== ''))];

/** Hashtags, mentions and links from the facets (and the record's own tags), in text order. */
function richTextOf(text: string, facets: readonly unknown[] | undefined, tags: readonly string[] | undefined) {
  const bytes = Buffer.from(text, 'utf8');
  const hashtags: string[] = [];
  const mentions: string[] = [];
  const links: string[] = [];
  for (const raw of facets ?? []) {
    const facet = facetSchema.safeParse(raw);
    if (!facet.success) continue;
    for (const feature of facet.data.features) {
      if (feature.$type === 'app.bsky.richtext.facet#tag' && feature.tag) hashtags.push(feature.tag);
      if (feature.$type === 'app.bsky.richtext.facet#link' && feature.uri) links.push(feature.uri);
      if (feature.$type === 'app.bsky.richtext.facet#mention' && feature.did) {
        // The facet names the account by DID; the text it spans shows the handle the author typed.
        const { byteStart, byteEnd } = facet.data.index;
        const shown = byteEnd <= bytes.length ? bytes.subarray(byteStart, byteEnd).toString('utf8') : '';
        mentions.push(shown.startsWith('@') && shown.length > 1 ? shown.slice(1) : feature.did);
      }
    }
  }
  return { hashtags: unique([...hashtags, ...(tags ?? [])]), mentions: unique(mentions), links: unique(links) };
}

function quotedPostOf(post: PostView): OpenmicroPost['quoted_post'] {
  const embedded = embeddedPostOf(post.embed);
  if (embedded?.$type !== 'app.bsky.embed.record#viewRecord') return null;
  const view = viewRecordSchema.safeParse(embedded);
  if (!view.success) return null;
  const quoted = view.data;
  return {
    post_id: quoted.uri,
    url: postUrlOf(quoted.uri, quoted.author),
    date: dateOf(quoted.value.createdAt, quoted.indexedAt),
    author: quoted.author.handle,
    author_name: quoted.author.displayName ?? '',
    author_verified: isVerified(quoted.author),
    snippet: quoted.value.text,
    likes: quoted.likeCount ?? 0,
    reposts: quoted.repostCount ?? 0,
  };
}

/** One PostView as an openmicro post. */
export function toOpenmicroPost(post: PostView, site: Site): OpenmicroPost {
  const { record, author } = post;
  const rich = richTextOf(record.text, record.facets, record.tags);
  const external = externalOf(post.embed);
  const media = mediaOf(post.embed);
  const embedded = embeddedPostOf(post.embed);
  return {
    title: `@${author.handle} on ${site.source}`,
    url: postUrlOf(post.uri, author),
    date: dateOf(record.createdAt, post.indexedAt),
    author: author.handle,
    author_name: author.displayName ?? '',
    author_id: author.did,
    author_verified: isVerified(author),
    source: site.source,
    domain: site.domain,
    snippet: record.text,
    likes: post.likeCount ?? 0,
    replies: post.replyCount ?? 0,
    reposts: post.repostCount ?? 0,
    quotes: post.quoteCount ?? 0,
    bookmarks: post.bookmarkCount ?? 0,
    lang: record.langs?.[0] ?? '',
    is_reply: record.reply !== undefined,
    in_reply_to_id: record.reply?.parent.uri ?? '',
    is_quote: embedded !== null,
    quoted_post: quotedPostOf(post),
    hashtags: rich.hashtags,
    mentions: rich.mentions,
    links: unique([...rich.links, ...(external ? [external.uri] : [])]),
    link_preview: external && {
      url: external.uri,
      title: external.title,
      description: external.description,
      image_url: external.thumb ?? '',
    },
    media_type: media.type,
    image_url: media.imageUrl,
    video_url: media.videoUrl,
    carousel_media: media.carousel,
    post_id: post.uri,
  };
}
