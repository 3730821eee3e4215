// A stand-in for the feeds' web servers in tests: a real HTTP server on loopback serving the
// recorded feeds (the news adapter's replay table, lib/api/providers/live/news/__tests__/routes.ts)
// as a web server serves a file: an ETag (a hash of the bytes) and a Last-Modified, a 304 to a
// request whose If-None-Match or If-Modified-Since still holds. A path can be given other bytes
// (the feed changed), and the next request(s) can fail: a status (with Retry-After), a reset
// connection, a stall. Every request is recorded with its headers.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentTypeOf, feeds, recording } from '@/lib/api/providers/live/news/__tests__/support/routes';

interface FeedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** What the server answered (0 for a reset or a stall). */
  status: number;
}

type FeedFault = { status: number; headers?: Readonly<Record<string, string>>; body?: string } | 'reset' | 'stall';

interface Served {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: string;
}

export interface FeedServer {
  url: string;
  /** The address of a recording on this server. */
  feedUrl(file: string): string;
  requests: FeedRequest[];
  /** Requests for a path (all when omitted). */
  count(path?: string): number;
  /** Serves other bytes at a path from now on (a new ETag and Last-Modified). */
  serve(path: string, body: Buffer | string, contentType?: string): void;
  /** The next `times` requests to `path` answer with the fault. */
  fault(path: string, fault: FeedFault, times?: number): void;
  close(): Promise<void>;
}

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;

export async function startFeedServer(options: { lastModified?: Date } = {}): Promise<FeedServer> {
  let clock = (options.lastModified ?? new Date('2026-11-01T08:00:00Z')).getTime();
  const served = new Map<string, Served>();
  const put = (path: string, body: Buffer, contentType: string) => {
    served.set(path, { body, contentType, etag: etagOf(body), lastModified: new Date(clock).toUTCString() });
    clock += 60_000;
  };
  for (const file of Object.values(feeds)) put(`/${file}`, recording(file), contentTypeOf(file));
  const faults: Array<{ path: string; fault: FeedFault; times: number }> = [];
  const stalled = new Set<http.ServerResponse>();

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://feeds').pathname;
    const entry: FeedRequest = { path, headers: request.headers, status: 0 };
    feedServer.requests.push(entry);
    const pending = faults.find((f) => f.times > 0 && f.path === path);
    if (pending) {
      pending.times -= 1;
      const { fault } = pending;
      if (fault === 'reset') return void request.socket.destroy();
      if (fault === 'stall') return void stalled.add(response);
      entry.status = fault.status;
      response
        .writeHead(fault.status, { 'content-type': 'text/html', ...fault.headers })
        .end(fault.body ?? `<h1>${fault.status}</h1>`);
      return;
    }
    const feed = served.get(path);
    if (!feed) {
      entry.status = 404;
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
      return;
    }
    const validators = { etag: feed.etag, 'last-modified': feed.lastModified };
    // RFC 9110 13.2.2: If-None-Match decides when present; If-Modified-Since only without it.
    const noneMatch = request.headers['if-none-match'];
    const since = request.headers['if-modified-since'];
    const unchanged =
      noneMatch !== undefined
        ? noneMatch
            .split(',')
            .map((tag) => tag.trim())
            .includes(feed.etag)
        : since !== undefined && Date.parse(since) >= Date.parse(feed.lastModified);
    if (unchanged) {
      entry.status = 304;
      response.writeHead(304, validators).end();
      return;
    }
    entry.status = 200;
    response
      .writeHead(200, { 'content-type': feed.contentType, 'content-length': feed.body.length, ...validators })
      .end(feed.body);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const feedServer: FeedServer = {
    url: `http://127.0.0.1:${port}`,
    feedUrl: (file) => `http://127.0.0.1:${port}/${file}`,
    requests: [],
    count: (path) => feedServer.requests.filter((r) => !path || r.path === path).length,
    serve(path, body, contentType = 'application/rss+xml') {
      put(path, Buffer.isBuffer(body) ? body : Buffer.from(body), contentType);
    },
    fault(path, fault, times = 1) {
      faults.push({ path, fault, times });
    },
    async close() {
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return feedServer;
}
