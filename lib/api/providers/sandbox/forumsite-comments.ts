// Sandbox handler of GET /v1/forumsite/post/comments: a deterministic comment thread per post,
// flattened in reading order with depth and parent, served a page per "load more" as live does.
import { familySite } from '../../families';
import { type ForumsiteComment, POST_URL_PATTERN } from '../../registry/forumsite';
import type { ParamsOf } from '../../registry';
import { ProviderError } from '../../registry/types';
import type { SandboxHandlers } from '../handlers';
import { SANDBOX_NOW, formatDate, sentence, throwOnSandboxInput } from './random';
import { baseSeed, itemRng, listRng, person } from './texts';

/** Comments on page 1 (the thread as first shown) and on each later page (one loaded branch). */
const FIRST_PAGE = 40;
const LATER_PAGE = 15;

/** The post named by `post_id` or by the /comments/<id> (or redd.it/<id>) part of `url`. */
function postOf(params: ParamsOf<'/v1/forumsite/post/comments'>): string {
  return params.post_id ?? POST_URL_PATTERN.exec(params.url ?? '')?.[1]?.toLowerCase() ?? '';
}

export const forumsiteCommentsSandbox: SandboxHandlers<'/v1/forumsite/post/comments'> = {
  '/v1/forumsite/post/comments': (params) => {
    throwOnSandboxInput(params, ['not_found']);
    // A URL's title slug may be a documented error input: /comments/<id>/sandbox_not_found/.
    const slug = /\/comments\/[0-9a-z]+\/([^/?#]+)/i.exec(params.url ?? '')?.[1];
    if (slug) throwOnSandboxInput({ slug }, ['not_found']);
    const post_id = postOf(params);
    if (post_id === 'sandboxnf')
      throw new ProviderError('not_found', `Sandbox: post '${post_id}' not found, deleted or private`);
    const site = familySite('forumsite');
    const rng = listRng('/v1/forumsite/post/comments', { post_id });
    const seed = baseSeed(rng);
    // Some posts have few comments: their thread ends before the pages asked for.
    const total = post_id === 'sandbox0' ? 0 : rng.bool(0.3) ? rng.int(1, 60) : 400;
    const wanted = params.pages;
    const comments: ForumsiteComment[] = [];
    let pages = 0;
    let stack: { id: string; depth: number }[] = [];
    let ts = SANDBOX_NOW - 86_400;
    while (pages < wanted && comments.length < total) {
      const size = Math.min(pages === 0 ? FIRST_PAGE : LATER_PAGE, total - comments.length);
      for (let k = 0; k < size; k++) {
        const i = comments.length;
        const r = itemRng(seed, i);
        // A reply to a comment on the current path, or a new top-level comment.
        const depth = i === 0 || stack.length === 0 ? 0 : r.int(0, Math.min(stack.length, 6));
        stack = stack.slice(0, depth);
        const parent = stack.at(-1);
        const comment_id = `c${r.id(6)}`;
        const deleted = r.bool(0.04);
        const who = deleted ? '[deleted]' : person(r).handle;
        ts += r.int(20, 1800);
        comments.push({
          comment_id,
          post_id,
          parent_id: parent?.id ?? '',
          depth,
          url: `https://${site.domain}/comments/${post_id}/_/${comment_id}/`,
          text: deleted ? '[deleted]' : `${sentence(r)} ${r.bool(0.5) ? sentence(r) : ''}`.trim(),
          date: formatDate(ts),
          author: who,
          author_url: deleted ? '' : `https://${site.domain}/user/${who}/`,
          source: site.source,
          domain: site.domain,
          community: 'AskScience',
          upvotes: r.int(-5, depth === 0 ? 4000 : 400),
          edited: r.bool(0.08),
          stickied: i === 0 && r.bool(0.2),
        });
        stack.push({ id: comment_id, depth });
      }
      pages += 1;
    }
    return { body: { comments, post_id, pages, count: comments.length }, pagesReturned: pages };
  },
};

export const forumsiteCommentsSandboxNotes: string[] = [
  '`GET /v1/forumsite/post/comments?post_id=sandboxnf` → 404 not_found (not billed); also a post `url` whose title part is sandbox_not_found (or sandbox_rate_limited, sandbox_upstream_error, sandbox_timeout)',
  '`GET /v1/forumsite/post/comments?post_id=sandbox0`: a post without comments (no pages, not billed)',
  `\`GET /v1/forumsite/post/comments?post_id=<any>&pages=N\`: ${FIRST_PAGE} comments on page 1, ${LATER_PAGE} on each later page (one loaded branch); some threads end early`,
];
