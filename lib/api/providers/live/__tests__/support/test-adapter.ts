// A tiny adapter for the framework's own tests: a made-up platform whose users' posts are at
// GET /api/users/{name}/posts?cursor=…, served as the textthreads family. It shows the whole
// contract in a few lines: a payload schema checked before mapping, cursor paging with
// walkPages, a platform 404 as the spec's not_found, and a credential header never logged.
import { z } from 'zod';
import type { TextthreadsPost } from '../../../../registry/textthreads';
import { ProviderError } from '../../../../registry/types';
import { walkPages } from '../../paging';
import { parsePayload } from '../../payload';
import type { LiveAdapter } from '../../types';
import type { ReplayRoute } from './replay-server';

export const TEST_SECRET = 'test-secret-never-logged';

const postsPayload = z.object({
  posts: z.array(z.object({ id: z.string(), text: z.string(), created_at: z.number().int(), likes: z.number().int() })),
  next_cursor: z.string().nullable(),
});

function toRecord(post: z.infer<typeof postsPayload>['posts'][number], user: string): TextthreadsPost {
  return {
    title: `@${user} on Test`,
    url: `https://test.example/@${user}/post/${post.id}`,
    date: new Date(post.created_at * 1000).toISOString().slice(0, 19).replace('T', ' '),
    author: user,
    source: 'Test',
    domain: 'test.example',
    snippet: post.text,
    likes: post.likes,
    replies: 0,
    reposts: 0,
    quotes: 0,
    reshares: 0,
    author_name: '',
    author_verified: false,
    is_reply: false,
    is_pinned: false,
    media_type: 'text',
    image_url: '',
    video_url: '',
    width: 0,
    height: 0,
    has_audio: false,
    reply_control: '',
    hashtags: [],
    mentions: [],
    carousel_media: [],
    link_preview: null,
    quoted_post: null,
    post_id: post.id,
    code: post.id,
    sentiment: null,
  };
}

export function testAdapter(
  politeness: LiveAdapter['politeness'] = { requestsPerMinute: 6000, burst: 100, concurrency: 8 },
): LiveAdapter<'/v1/textthreads/user/posts'> {
  return {
    family: 'textthreads',
    defaultBaseUrl: 'https://test.invalid',
    politeness,
    paths: ['/v1/textthreads/user/posts'],
    probe: { path: '/v1/textthreads/user/posts', query: { username: 'alice' } },
    createHandlers({ platform, log }) {
      return {
        async '/v1/textthreads/user/posts'(params, signal) {
          const user = params.username;
          const walked = await walkPages(params.pages, async (cursor) => {
            const page = await platform.request({
              path: `/api/users/${encodeURIComponent(user)}/posts`,
              query: { cursor },
              headers: { authorization: `Bearer ${TEST_SECRET}` },
              accept: [404],
              signal,
            });
            if (page.status === 404) throw new ProviderError('not_found', `No user @${user}`);
            const payload = parsePayload(postsPayload, page.body, { family: 'textthreads', what: 'user posts', log });
            return { records: payload.posts.map((p) => toRecord(p, user)), next: payload.next_cursor };
          });
          return {
            body: { posts: walked.records, pages: walked.pagesReturned, count: walked.records.length },
            pagesReturned: walked.pagesReturned,
          };
        },
      };
    },
  };
}

const post = (id: string, text: string) => ({ id, text, created_at: 1767225600 + Number(id), likes: Number(id) });

/** The test platform's recordings, inline: alice has two pages, bob one; ghost is unknown. */
export const testRoutes: ReplayRoute[] = [
  {
    path: '/api/users/alice/posts',
    query: {},
    body: { posts: [post('1', 'first'), post('2', 'second')], next_cursor: 'c2' },
  },
  { path: '/api/users/alice/posts', query: { cursor: 'c2' }, body: { posts: [post('3', 'third')], next_cursor: null } },
  { path: '/api/users/bob/posts', query: {}, body: { posts: [post('4', 'only')], next_cursor: null } },
  {
    path: '/api/users/broken/posts',
    query: {},
    body: { posts: [{ id: '5', text: 'no date', likes: 1 }], next_cursor: null },
  },
  { path: '/api/users/ghost/posts', query: {}, status: 404, body: { error: 'not found' } },
];
