// Sandbox data for the openmicro family: post search over a decentralised network, with DIDs
// as account IDs, at:// post URIs and dates inside the requested window.
import { familySite } from '../../families';
import type { OpenmicroPost } from '../../registry/openmicro';
import type { FamilyPath, ParamsOf } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { hashtagsOf, itemRng, listSeed, pageWindow, person, tagWords } from './people';
import { formatDate, type Rng, SANDBOX_NOW, sentence, throwOnSandboxInput, titleWords } from './random';

const PAGE = 50;
const MAX_PAGES = 20;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const TID = '234567abcdefghijklmnopqrstuvwxyz';
const COLLECTION = 'app.openmicro.feed.post';

type PostsQuery = ParamsOf<'/v1/openmicro/posts'>;

const dayStart = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 1000;

interface Author {
  handle: string;
  name: string;
  did: string;
  verified: boolean;
}

function author(rng: Rng, domain: string): Author {
  const who = person(rng);
  return {
    handle: `${who.handle}.${domain}`,
    name: who.name,
    did: `did:plc:${rng.id(24, BASE32)}`,
    verified: rng.bool(0.04),
  };
}

/** The search words without operators, so that results visibly match the query. */
function keywordOf(query: string): string {
  const words = query
    .replace(/"/g, '')
    .split(/\s+/)
    .filter((w) => w && !w.startsWith('-') && !/^(from|lang|domain):/.test(w));
  return words.join(' ');
}

function searchPosts(params: PostsQuery) {
  throwOnSandboxInput(params, []);
  const { source, domain } = familySite('openmicro');
  const seed = listSeed('/v1/openmicro/posts', params);
  const from = params.start_date ? dayStart(params.start_date) : SANDBOX_NOW - 365 * 86400;
  const to = Math.min(SANDBOX_NOW, params.end_date ? dayStart(params.end_date) + 86399 : SANDBOX_NOW);
  const window = pageWindow(itemRng(seed, -1), PAGE, params.pages, MAX_PAGES);
  // A window entirely in the future holds no posts.
  const count = to < from ? 0 : window.count;
  const pages = Math.max(1, Math.ceil(count / PAGE));
  const step = Math.max(1, Math.floor((to - from) / (PAGE * MAX_PAGES)));
  const keyword = keywordOf(params.query);
  const keywordTags = hashtagsOf(keyword);
  const posts: OpenmicroPost[] = [];
  for (let i = 0; i < count; i++) {
    const rng = itemRng(seed, i);
    const who = author(rng, domain);
    const rkey = `3l${rng.id(11, TID)}`;
    // most_recent is newest first; relevance spreads over the window.
    const at = params.sort_by === 'most_recent' ? to - i * step - rng.int(0, step - 1) : rng.int(from, to);
    const tag = rng.bool(0.3) ? rng.pick(tagWords) : '';
    const mention = rng.bool(0.1) ? person(rng).handle : '';
    const snippet = `${sentence(rng)}${keyword ? ` ${keyword}` : ''}${tag ? ` #${tag}` : ''}${mention ? ` @${mention}.${domain}` : ''}`;
    const kind = rng.next();
    const mediaType = kind < 0.5 ? 'text' : kind < 0.8 ? 'image' : kind < 0.9 ? 'video' : 'carousel';
    const carousel: OpenmicroPost['carousel_media'] = [];
    if (mediaType === 'carousel') {
      for (let n = rng.int(2, 4); n > 0; n--) {
        const cid = rng.id(20, BASE32);
        carousel.push({
          image_url: `https://cdn.${domain}/img/feed_fullsize/plain/${who.did}/${cid}@jpeg`,
          thumbnail_url: `https://cdn.${domain}/img/feed_thumbnail/plain/${who.did}/${cid}@jpeg`,
          alt: rng.bool(0.5) ? titleWords(rng, 3) : '',
          width: 2000,
          height: rng.pick([1500, 2000, 2667]),
        });
      }
    }
    const link = rng.bool(0.12) ? `https://news.example.com/${rng.id(8)}` : '';
    const quoted = rng.bool(0.1) ? author(rng, domain) : null;
    const quotedKey = quoted ? `3k${rng.id(11, TID)}` : '';
    const likes = rng.bool(0.3) ? 0 : rng.int(1, 5000);
    const isReply = rng.bool(0.2);
    posts.push({
      title: `@${who.handle} on ${source}`,
      url: `https://${domain}/profile/${who.handle}/post/${rkey}`,
      date: formatDate(at),
      author: who.handle,
      author_name: who.name,
      author_id: who.did,
      author_verified: who.verified,
      source,
      domain,
      snippet,
      likes,
      replies: Math.floor(likes / rng.int(5, 40)),
      reposts: Math.floor(likes / rng.int(4, 20)),
      quotes: Math.floor(likes / rng.int(30, 200)),
      bookmarks: Math.floor(likes / rng.int(10, 60)),
      lang: rng.bool(0.1) ? '' : 'en',
      is_reply: isReply,
      in_reply_to_id: isReply ? `at://did:plc:${rng.id(24, BASE32)}/${COLLECTION}/3k${rng.id(11, TID)}` : '',
      is_quote: quoted !== null,
      quoted_post: quoted && {
        post_id: `at://${quoted.did}/${COLLECTION}/${quotedKey}`,
        url: `https://${domain}/profile/${quoted.handle}/post/${quotedKey}`,
        date: formatDate(Math.max(from, at - rng.int(60, 86400))),
        author: quoted.handle,
        author_name: quoted.name,
        author_verified: quoted.verified,
        snippet: sentence(rng),
        likes: rng.int(0, 20000),
        reposts: rng.int(0, 3000),
      },
      // Built from the parts rather than by scanning the text: the sandbox serves benchmarks.
      hashtags: tag ? [...keywordTags, tag] : keywordTags.slice(),
      mentions: mention ? [`${mention}.${domain}`] : [],
      links: link ? [link] : [],
      link_preview: link
        ? { url: link, title: titleWords(rng, 5), description: sentence(rng), image_url: `${link}/og.jpg` }
        : null,
      media_type: mediaType,
      image_url:
        mediaType === 'text'
          ? ''
          : mediaType === 'carousel'
            ? carousel[0]!.image_url
            : `https://cdn.${domain}/img/feed_fullsize/plain/${who.did}/${rng.id(20, BASE32)}@jpeg`,
      video_url:
        mediaType === 'video'
          ? `https://video.${domain}/watch/${encodeURIComponent(who.did)}/${rng.id(20, BASE32)}/playlist.m3u8`
          : '',
      carousel_media: carousel,
      post_id: `at://${who.did}/${COLLECTION}/${rkey}`,
    });
  }
  return { body: { posts, pages, count: posts.length }, pagesReturned: pages };
}

export const openmicroSandbox: SandboxHandlers<FamilyPath<'openmicro'>> = {
  '/v1/openmicro/posts': searchPosts,
};

export const openmicroSandboxNotes: string[] = [
  '`GET /v1/openmicro/posts?query=sandbox_rate_limited` → 429 upstream_rate_limit (sandbox_upstream_error → 502, sandbox_timeout → 504)',
];
