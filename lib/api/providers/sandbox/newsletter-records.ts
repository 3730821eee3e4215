// Builders of sandbox newsletter records (users, notes, feed posts, publications). Each takes its
// own seeded generator so that one record does not depend on the others of the call.
import type { NewsletterNote, NewsletterPostItem, NewsletterUser } from '../../registry/newsletter-records';
import { type Rng, formatDate, sentence, titleWords } from './random';
import { compactCount, person, slugify, titleCase } from './texts';

export interface Site {
  source: string;
  domain: string;
}

type Tier = NewsletterUser['bestseller_tier'];

export const newsletterCategories: readonly { id: number; slug: string; name: string }[] = [
  { id: 4, slug: 'technology', name: 'Technology' },
  { id: 11, slug: 'music', name: 'Music' },
  { id: 18, slug: 'history', name: 'History' },
  { id: 62, slug: 'business', name: 'Business' },
  { id: 94, slug: 'sports', name: 'Sports' },
  { id: 96, slug: 'culture', name: 'Culture' },
  { id: 134, slug: 'science', name: 'Science' },
  { id: 153, slug: 'finance', name: 'Finance' },
  { id: 284, slug: 'fiction', name: 'Fiction' },
  { id: 355, slug: 'health-politics', name: 'Health Politics' },
  { id: 13645, slug: 'food', name: 'Food & Drink' },
  { id: 76739, slug: 'us-politics', name: 'U.S. Politics' },
];

const bands: readonly { band: string; floor: Tier }[] = [
  { band: '', floor: 0 },
  { band: 'Hundreds of paid subscribers', floor: 100 },
  { band: 'Thousands of paid subscribers', floor: 1000 },
  { band: 'Tens of thousands of paid subscribers', floor: 10000 },
];
export const langs = ['en', 'en', 'en', 'en', 'es', 'de', 'fr'];
const emojis = ['❤', '🔥', '👏', '😂', '🙏'];

/** A paid-subscriber band; bestseller tiers follow the band when the writer has a badge. */
export function paidStanding(rng: Rng): { band: string; floor: Tier; tier: Tier } {
  const b = rng.bool(0.55) ? bands[0]! : rng.pick(bands);
  const tier: Tier = b.floor > 0 && rng.bool(0.6) ? b.floor : 0;
  return { band: b.band, floor: b.floor, tier };
}

function reactionsFor(rng: Rng, likes: number): Record<string, number> {
  const out: Record<string, number> = { [emojis[0]!]: likes };
  if (rng.bool(0.3)) out[rng.pick(emojis.slice(1))] = rng.int(1, Math.max(1, Math.floor(likes / 4)));
  return out;
}

function pubOf(rng: Rng, site: Site, author: string) {
  const subdomain = `${author.replace(/[^a-z0-9]/g, '')}${rng.bool(0.3) ? 'notes' : ''}`;
  const publication_id = rng.id(7, '0123456789').replace(/^0/, '1');
  return {
    publication_id,
    name: `${titleWords(rng, 2)} by ${titleCase(author.replace(/\d+$/, ''))}`,
    subdomain,
    url: `https://${subdomain}.${site.domain}`,
    logo_url: `https://${site.domain}/img/pub/${publication_id}/logo.png`,
  };
}

export function buildUser(rng: Rng, site: Site, query: string): NewsletterUser {
  const who = person(rng);
  const user_id = rng.id(8, '0123456789').replace(/^0/, '1');
  const standing = paidStanding(rng);
  const hidden = rng.bool(0.25);
  const subscribers = hidden ? 0 : Math.round(rng.int(40, 400_000) / 10) * 10;
  const board = newsletterCategories[rng.int(0, newsletterCategories.length - 1)]!;
  return {
    username: who.handle,
    full_name: who.name,
    user_id,
    biography: `Writing about ${query} and ${sentence(rng).toLowerCase()}`,
    profile_pic_url: `https://${site.domain}/img/avatars/${user_id}.jpg`,
    follower_count: rng.int(0, 250_000),
    subscriber_count: subscribers,
    subscriber_count_label: hidden ? '' : `${compactCount(subscribers)}+ subscribers`,
    bestseller_tier: standing.tier,
    is_bestseller: standing.tier > 0,
    paid_subscriber_band: standing.band,
    paid_subscriber_floor: standing.floor,
    leaderboard: rng.bool(0.3)
      ? { category: board.name, category_id: board.id, rank: rng.int(1, 100), board: rng.pick(['paid', 'trending']) }
      : null,
    xnet_handle: rng.bool(0.5) ? who.handle : '',
    primary_publication: pubOf(rng, site, who.handle),
    date_joined: formatDate(rng.timestamp(2500)),
    url: `https://${site.domain}/@${who.handle}`,
  };
}

export function buildNote(rng: Rng, site: Site, query: string, timestamp: number): NewsletterNote {
  const who = person(rng);
  const author_id = rng.id(8, '0123456789').replace(/^0/, '1');
  const note_id = `c-${rng.id(9, '0123456789').replace(/^0/, '1')}`;
  const likes = rng.int(0, 900);
  const attachments: NewsletterNote['attachments'] = [];
  if (rng.bool(0.3)) {
    const kind = rng.pick(['image', 'link', 'post'] as const);
    attachments.push(
      kind === 'image'
        ? {
            type: 'image',
            url: `https://${site.domain}/img/notes/${note_id}.jpg`,
            width: 1200,
            height: rng.pick([630, 900, 1200]),
          }
        : {
            type: kind,
            url: `https://${who.handle}.${site.domain}/p/${slugify(titleWords(rng, 3))}`,
            title: titleWords(rng, 5),
          },
    );
  }
  return {
    note_id,
    body: `${sentence(rng)} #${query.replace(/\s+/g, '')}`,
    date: formatDate(timestamp),
    author: who.handle,
    author_name: who.name,
    author_id,
    author_url: `https://${site.domain}/@${who.handle}`,
    source: site.source,
    domain: site.domain,
    likes,
    replies: rng.int(0, Math.max(0, Math.floor(likes / 5))),
    restacks: rng.int(0, Math.max(0, Math.floor(likes / 8))),
    reactions: reactionsFor(rng, likes),
    author_pic_url: `https://${site.domain}/img/avatars/${author_id}.jpg`,
    author_bestseller_tier: paidStanding(rng).tier,
    lang: rng.pick(langs),
    attachments,
    publication: `${titleWords(rng, 2)} by ${who.name}`,
    url: `https://${site.domain}/@${who.handle}/note/${note_id}`,
  };
}

export function buildPostItem(rng: Rng, site: Site, category: string, timestamp: number): NewsletterPostItem {
  const who = person(rng);
  const pub = pubOf(rng, site, who.handle);
  const post_type = rng.pick(['newsletter', 'newsletter', 'newsletter', 'podcast', 'video', 'thread'] as const);
  const title = `${titleWords(rng, 4)}: ${category}`;
  const slug = slugify(title);
  const post_id = rng.id(9, '0123456789').replace(/^0/, '1');
  const is_paid = rng.bool(0.25);
  const likes = rng.int(0, 3000);
  const podcast = post_type === 'podcast';
  const author_id = rng.id(8, '0123456789').replace(/^0/, '1');
  const author_url = `https://${site.domain}/@${who.handle}`;
  return {
    type: 'post',
    post_type,
    post_id,
    title,
    subtitle: sentence(rng),
    snippet: `${sentence(rng)} ${sentence(rng)}`,
    slug,
    url: `${pub.url}/p/${slug}`,
    date: formatDate(timestamp),
    lang: rng.pick(langs),
    audience: is_paid ? 'only_paid' : 'everyone',
    is_paid,
    wordcount: post_type === 'thread' ? rng.int(20, 200) : rng.int(400, 6000),
    comments: rng.int(0, 400),
    likes,
    replies: rng.int(0, 200),
    restacks: rng.int(0, Math.floor(likes / 6)),
    reactions: reactionsFor(rng, likes),
    tags: [category.toLowerCase(), rng.pick(['essay', 'analysis', 'weekly', 'interview', 'notes'])],
    cover_image_url: rng.bool(0.8) ? `https://${site.domain}/img/posts/${post_id}/cover.jpg` : '',
    audio_url: podcast ? `https://${site.domain}/audio/${post_id}.mp3` : '',
    podcast_url: podcast ? `${pub.url}/podcast` : '',
    podcast_image_url: podcast ? `https://${site.domain}/img/pub/${pub.publication_id}/podcast.jpg` : '',
    podcast_duration: podcast ? rng.int(900, 5400) : 0,
    video_duration: post_type === 'video' ? rng.int(60, 2400) : 0,
    author: who.handle,
    author_id,
    author_name: who.name,
    author_url,
    authors: [{ name: who.name, url: author_url, user_id: author_id, username: who.handle }],
    publication: pub.name,
    publication_id: pub.publication_id,
    publication_url: pub.url,
    source: site.source,
    domain: site.domain,
  };
}
