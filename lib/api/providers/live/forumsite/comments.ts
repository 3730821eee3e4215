// GET /v1/forumsite/post/comments live: a post's comment tree (`/comments/{id}.json`) as page 1,
// then one "more" stub per further page (`/api/morechildren.json`, GET so the page cache keeps
// it), the shallowest stubs of the tree first and the stubs those answers hold after them. The
// thread is flattened in reading order, each comment with its depth and parent. Pure mapping
// below the requests; the field table is in docs/data-sources.md.
import { z } from 'zod';
import type { ForumsiteComment } from '../../../registry/forumsite';
import { ProviderError } from '../../../registry/types';
import { parsePayload } from '../payload';
import type { ForumsiteClient } from './client';
import { FORUMSITE_WEB, htmlText, type Site, utcText } from './map';

/** Comments asked of the tree request (the platform sends up to about this many, best first). */
const TREE_LIMIT = 100;
/** The platform's "best" order, for the tree and the stubs alike. */
const SORT = 'confidence';

const str = z.string();
/** One comment (a `t1` thing's `data`); only the fields the record reads. */
const commentPayload = z.object({
  id: z.string().regex(/^[0-9a-z]+$/),
  parent_id: str,
  author: str,
  body: str,
  body_html: str.nullish(),
  created_utc: z.number(),
  score: z.number().int(),
  depth: z.number().int().min(0).optional(),
  stickied: z.boolean(),
  /** false, or the Unix time of the edit. */
  edited: z.union([z.boolean(), z.number()]),
  subreddit: str,
  permalink: str.optional(),
  replies: z.unknown().optional(),
});
type CommentPayload = z.infer<typeof commentPayload>;

/** A "more" stub: the ids of comments not sent yet (count 0 and no children: "continue this thread"). */
const morePayload = z.object({
  id: str,
  parent_id: str,
  count: z.number().int().min(0),
  children: z.array(str),
  depth: z.number().int().min(0).optional(),
});

const thing = z.object({ kind: str, data: z.unknown() });
const commentListing = z.object({ kind: z.literal('Listing'), data: z.object({ children: z.array(thing) }) });
/** `/comments/{id}.json`: [the post's listing, the comments' listing]. */
const treePayload = z.tuple([z.unknown(), commentListing]);
/** `/api/morechildren.json?api_type=json`: a flat list of comments and further stubs. */
const moreChildrenPayload = z.object({
  json: z.object({ errors: z.array(z.unknown()), data: z.object({ things: z.array(thing) }).optional() }),
});

interface Node {
  comment: CommentPayload;
  replies: Node[];
}
type Stub = z.infer<typeof morePayload>;

/** The record of one comment; its depth and parent come from the payload. */
function mapComment(comment: CommentPayload, postId: string, depth: number, site: Site): ForumsiteComment {
  const deleted = comment.author === '[deleted]';
  const text = comment.body_html ? htmlText(comment.body_html) : comment.body;
  return {
    comment_id: comment.id,
    post_id: postId,
    parent_id: comment.parent_id.startsWith('t1_') ? comment.parent_id.slice(3) : '',
    depth: comment.depth ?? depth,
    url: comment.permalink
      ? FORUMSITE_WEB + comment.permalink
      : `${FORUMSITE_WEB}/r/${comment.subreddit}/comments/${postId}/_/${comment.id}/`,
    text,
    date: utcText(comment.created_utc),
    author: comment.author,
    author_url: deleted ? '' : `${FORUMSITE_WEB}/user/${encodeURIComponent(comment.author)}/`,
    source: site.source,
    domain: site.domain,
    community: comment.subreddit,
    upvotes: comment.score,
    edited: comment.edited !== false,
    stickied: comment.stickied,
  };
}

/** The thread as it loads: comments under their parents, and the stubs still to follow, in order. */
class Thread {
  readonly roots: Node[] = [];
  private readonly byId = new Map<string, Node>();
  readonly stubs: Stub[] = [];

  constructor(private readonly log: (message: string) => void) {}

  /** Adds things; returns how many were comments. Stubs found are queued after those already known. */
  add(things: readonly { kind: string; data: unknown }[], what: string): number {
    let comments = 0;
    const found: Stub[] = [];
    const visit = (list: readonly { kind: string; data: unknown }[]) => {
      for (const [index, item] of list.entries()) {
        if (item.kind === 'more') {
          const stub = parsePayload(morePayload, item.data, {
            family: 'forumsite',
            what: `${what} stub`,
            log: this.log,
          });
          if (stub.children.length > 0) found.push(stub);
          continue;
        }
        if (item.kind !== 't1') continue;
        const comment = parsePayload(commentPayload, item.data, {
          family: 'forumsite',
          what: `${what} comment ${index}`,
          log: this.log,
        });
        const node: Node = { comment, replies: [] };
        const parent = this.byId.get(comment.parent_id.replace(/^t1_/, ''));
        (parent ? parent.replies : this.roots).push(node);
        this.byId.set(comment.id, node);
        comments += 1;
        const nested = commentListing.safeParse(comment.replies);
        if (nested.success) visit(nested.data.data.children);
      }
    };
    visit(things);
    // The tree's stubs go shallowest first (more top-level conversations before deeper replies).
    this.stubs.push(...found.sort((a, b) => (a.depth ?? 0) - (b.depth ?? 0)));
    return comments;
  }

  /** Reading order: each comment followed by its replies. */
  flatten(postId: string, site: Site): ForumsiteComment[] {
    const out: ForumsiteComment[] = [];
    const walk = (nodes: readonly Node[], depth: number) => {
      for (const node of nodes) {
        out.push(mapComment(node.comment, postId, depth, site));
        walk(node.replies, depth + 1);
      }
    };
    walk(this.roots, 0);
    return out;
  }
}

/** A post that cannot be read: unknown (404, or a redirect), deleted, or in a private or banned community (403). */
function postRefusal(status: number, postId: string): ProviderError {
  return new ProviderError(
    'not_found',
    status === 403 ? `Post ${postId} is in a private, banned or quarantined community` : `No post ${postId}`,
  );
}

/** Up to `pages` platform requests: the tree, then one stub each; the pages that returned comments are billed. */
export async function postComments(
  client: ForumsiteClient,
  context: { site: Site; log(message: string): void },
  postId: string,
  pages: number,
  signal: AbortSignal,
): Promise<{ comments: ForumsiteComment[]; pagesReturned: number }> {
  const { log } = context;
  const tree = await client.get(`/comments/${postId}.json`, { limit: TREE_LIMIT, sort: SORT }, signal);
  if (tree.status !== 200) throw postRefusal(tree.status, postId);
  const [, listing] = parsePayload(treePayload, tree.body, { family: 'forumsite', what: `post ${postId}`, log });
  const thread = new Thread(log);
  let pagesReturned = thread.add(listing.data.children, `post ${postId}`) > 0 ? 1 : 0;
  for (let requests = 1; requests < pages && thread.stubs.length > 0; requests += 1) {
    const stub = thread.stubs.shift()!;
    const page = await client.get(
      '/api/morechildren.json',
      { api_type: 'json', link_id: `t3_${postId}`, children: stub.children.join(','), sort: SORT },
      signal,
    );
    if (page.status !== 200) throw postRefusal(page.status, postId);
    const more = parsePayload(moreChildrenPayload, page.body, { family: 'forumsite', what: 'morechildren', log });
    if (more.json.errors.length > 0) {
      log(`live forumsite: morechildren of post ${postId} answered errors (upstream_error)`);
      throw new ProviderError('upstream_error', 'The forumsite platform refused to load more comments');
    }
    if (thread.add(more.json.data?.things ?? [], `more ${stub.id}`) > 0) pagesReturned += 1;
  }
  return { comments: thread.flatten(postId, context.site), pagesReturned };
}
