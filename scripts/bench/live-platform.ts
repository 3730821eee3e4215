// The live case's platform: a plain node:http server answering the forum site's listing path
// /r/{community}/{sort}.json (and about.json) from one recorded page (BENCH_LIVE_LISTING, a file
// under data/live/forumsite/), for any query. To give `pages=20` twenty pages to walk, the
// recorded page's cursor is replaced in memory, not in the file, by bench_page_<n+1> (null on
// the last page): the recording's posts, twenty times. Port from BENCH_LIVE_PORT; it counts the
// requests it answered (GET /_count).
import { readFileSync } from 'node:fs';
import http from 'node:http';

const port = Number(process.env.BENCH_LIVE_PORT ?? 3876);
const pages = Number(process.env.BENCH_LIVE_PAGES ?? 20);
const listing = JSON.parse(readFileSync(process.env.BENCH_LIVE_LISTING!, 'utf8')) as { data: Record<string, unknown> };
const about = process.env.BENCH_LIVE_ABOUT ? readFileSync(process.env.BENCH_LIVE_ABOUT) : null;

/** Page n's bytes: the recording with its cursor pointing at page n + 1. */
const bodies = Array.from({ length: pages }, (_, n) =>
  Buffer.from(
    JSON.stringify({ ...listing, data: { ...listing.data, after: n + 1 < pages ? `bench_page_${n + 1}` : null } }),
  ),
);
let answered = 0;

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://platform');
    if (url.pathname === '/_count') return void response.end(String(answered));
    answered += 1;
    if (url.pathname.endsWith('/about.json') && about) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': about.length }).end(about);
      return;
    }
    if (!/^\/r\/[^/]+\/[a-z]+\.json$/.test(url.pathname)) return void response.writeHead(404).end('{}');
    const n = Number(/^bench_page_(\d+)$/.exec(url.searchParams.get('after') ?? '')?.[1] ?? 0);
    const body = bodies[Math.min(n, pages - 1)]!;
    response
      .writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
      .end(body);
  })
  .listen(port, '127.0.0.1', () => console.log(`live platform listening on ${port}`));
