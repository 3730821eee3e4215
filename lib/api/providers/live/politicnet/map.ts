// Mastodon REST API payloads (accounts/lookup and accounts/:id/statuses) -> politicnet records.
// Pure: zod schemas of only the fields the records read (any Mastodon version or fork may add
// more), and one function per record. The spec's politicnet post fields are Mastodon's status
// fields; the table is in docs/data-sources.md ("politicnet").
import { convert, type HtmlToTextOptions } from 'html-to-text';
import { z } from 'zod';
import type { PoliticnetPost } from '../../../registry/politicnet';

const count = z.number().int().min(0);
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), { error: 'must be a date-time' });

/** GET /api/v1/accounts/lookup?acct=NAME: Mastodon's Account entity (3.3+ marks a suspended one). */
export const mastodonAccountSchema = z.object({
  id: z.string().min(1),
  username: z.string(),
  acct: z.string(),
  suspended: z.boolean().optional(),
});
export type MastodonAccount = z.infer<typeof mastodonAccountSchema>;

const mediaAttachmentSchema = z.object({
  id: z.string(),
  type: z.string(),
  /** Null while a remote file is not yet copied; remote_url then holds the original. */
  url: z.string().nullable(),
  remote_url: z.string().nullable().optional(),
  description: z.string().nullable(),
});

/** Mastodon's Status entity, the fields the record reads. */
const mastodonStatusSchema = z.object({
  id: z.string().min(1),
  created_at: instant,
  in_reply_to_id: z.string().nullable(),
  sensitive: z.boolean(),
  spoiler_text: z.string(),
  visibility: z.string(),
  language: z.string().nullable(),
  uri: z.string(),
  url: z.string().nullable(),
  replies_count: count,
  reblogs_count: count,
  favourites_count: count,
  content: z.string(),
  /** A boost carries the boosted status here and no text of its own. */
  reblog: z.object({ id: z.string() }).nullable(),
  account: z.object({ id: z.string(), username: z.string(), acct: z.string() }),
  media_attachments: z.array(mediaAttachmentSchema),
  tags: z.array(z.object({ name: z.string() })),
});
export type MastodonStatus = z.infer<typeof mastodonStatusSchema>;

/** GET /api/v1/accounts/:id/statuses: an array of statuses, newest first. */
export const mastodonStatusesSchema = z.array(mastodonStatusSchema);

// Mastodon's HTML: <p> paragraphs, <br>, links whose text is split into "invisible" and
// "ellipsis" spans (their text together is the whole URL), mentions and hashtags as links.
const htmlOptions: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
  ],
};

/** The status HTML as plain text: paragraphs apart by a blank line, entities decoded, URLs whole. */
function plainText(html: string): string {
  return convert(html, htmlOptions).trim();
}

const TITLE_LENGTH = 80;

/** The title a politicnet record carries (as the sandbox makes it): the text on one line, cut at 80. */
export function titleOf(snippet: string): string {
  const line = snippet.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line); // code points: an emoji is never cut in half
  return chars.length > TITLE_LENGTH ? `${chars.slice(0, TITLE_LENGTH - 3).join('')}...` : line;
}

/** "2022-11-09T17:52:13.127Z" -> "2022-11-09 17:52:13" (UTC). */
function utcDateOf(instantText: string): string {
  return new Date(instantText).toISOString().slice(0, 19).replace('T', ' ');
}

/** One status as a politicnet post. `site` is the platform's display name and domain (LiveContext.site). */
export function toPoliticnetPost(status: MastodonStatus, site: { source: string; domain: string }): PoliticnetPost {
  const snippet = plainText(status.content);
  return {
    title: titleOf(snippet),
    url: status.url ?? status.uri,
    date: utcDateOf(status.created_at),
    author: status.account.acct,
    source: site.source,
    domain: site.domain,
    snippet,
    likes: status.favourites_count,
    replies: status.replies_count,
    reposts: status.reblogs_count,
    post_id: status.id,
    content_html: status.content,
    media: status.media_attachments.map((media) => ({
      media_id: media.id,
      type: media.type,
      url: media.url ?? media.remote_url ?? '',
      description: media.description ?? '',
    })),
    hashtags: status.tags.map((tag) => tag.name),
    language: status.language ?? '',
    visibility: status.visibility,
    sensitive: status.sensitive,
    spoiler_text: status.spoiler_text,
    // Mastodon has no sponsored statuses.
    sponsored: false,
    is_reply: status.in_reply_to_id !== null,
    in_reply_to_id: status.in_reply_to_id ?? '',
  };
}
