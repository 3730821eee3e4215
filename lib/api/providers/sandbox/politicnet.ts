// Sandbox data for the politicnet family: a user's posts, newest first, replies included, with
// numeric status IDs and the HTML the network stores next to the plain text.
import { familySite } from '../../families';
import type { PoliticnetPost } from '../../registry/politicnet';
import type { FamilyPath, ParamsOf } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { hashtagsOf, itemRng, listSeed, pageWindow } from './people';
import { formatDate, SANDBOX_NOW, sentence, throwOnSandboxInput, titleWords } from './random';

const PAGE = 20;
const MAX_PAGES = 20;
const DIGITS = '0123456789';
const topics = ['vote', 'economy', 'border', 'taxes', 'healthcare', 'energy', 'election'];

type PostsQuery = ParamsOf<'/v1/politicnet/user/posts'>;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function userPosts(params: PostsQuery) {
  throwOnSandboxInput(params, ['not_found']);
  const { source, domain } = familySite('politicnet');
  const seed = listSeed('/v1/politicnet/user/posts', { username: params.username.toLowerCase() });
  const window = pageWindow(itemRng(seed, -1), PAGE, params.pages, MAX_PAGES);
  // Newest first: each post is a gap older than the previous one, with jitter inside the gap.
  const gap = itemRng(seed, -2).int(1, 48) * 3600;
  const posts: PoliticnetPost[] = [];
  for (let i = 0; i < window.count; i++) {
    const rng = itemRng(seed, i);
    const at = SANDBOX_NOW - 600 - i * gap - rng.int(0, gap - 1);
    const id = `11${rng.id(16, DIGITS)}`;
    const tag = rng.bool(0.35) ? ` #${rng.pick(topics)}` : '';
    const snippet = `${sentence(rng)}${tag}`;
    const sensitive = rng.bool(0.03);
    const isReply = rng.bool(0.2);
    const media: PoliticnetPost['media'] = [];
    if (rng.bool(0.25)) {
      const type = rng.pick(['image', 'image', 'video', 'gifv']);
      const mediaId = `11${rng.id(16, DIGITS)}`;
      media.push({
        media_id: mediaId,
        type,
        url: `https://static.${domain}/media_attachments/files/${mediaId.slice(0, 3)}/${mediaId.slice(3, 6)}/${mediaId}/original/${rng.id(16, '0123456789abcdef')}.${type === 'image' ? 'jpg' : 'mp4'}`,
        description: rng.bool(0.3) ? titleWords(rng, 4) : '',
      });
    }
    const likes = rng.int(0, 60000);
    posts.push({
      title: snippet.length > 80 ? `${snippet.slice(0, 77)}...` : snippet,
      url: `https://${domain}/@${params.username}/${id}`,
      date: formatDate(at),
      author: params.username,
      source,
      domain,
      snippet,
      likes,
      replies: Math.floor(likes / rng.int(5, 30)),
      reposts: Math.floor(likes / rng.int(3, 12)),
      post_id: id,
      content_html: `<p>${escapeHtml(snippet)}</p>`,
      media,
      hashtags: hashtagsOf(snippet),
      language: rng.bool(0.1) ? '' : 'en',
      visibility: 'public',
      sensitive,
      spoiler_text: sensitive ? 'Sensitive content' : '',
      sponsored: rng.bool(0.02),
      is_reply: isReply,
      in_reply_to_id: isReply ? `11${rng.id(16, DIGITS)}` : '',
    });
  }
  return {
    body: { posts, username: params.username, pages: window.pages, count: posts.length },
    pagesReturned: window.pages,
  };
}

export const politicnetSandbox: SandboxHandlers<FamilyPath<'politicnet'>> = {
  '/v1/politicnet/user/posts': userPosts,
};

export const politicnetSandboxNotes: string[] = [
  '`GET /v1/politicnet/user/posts?username=sandbox_not_found` → 404 not_found (not billed)',
  '`GET /v1/politicnet/user/posts?username=sandbox_rate_limited` → 429 upstream_rate_limit (sandbox_upstream_error → 502, sandbox_timeout → 504)',
];
