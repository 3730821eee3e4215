// A stand-in for a platform in tests: a real HTTP server on loopback answering the platform's
// own paths from recorded responses (an adapter's route table), so adapters make real requests
// and no fetch is mocked. It records every request (for cache and rate-limit tests), counts how
// many were in flight at once, and answers faults on demand: a status (429 with Retry-After,
// 500), a body that is not JSON, a reset connection, or a stall that lasts until released or
// until the client gives up.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface ReplayRoute {
  method?: 'GET' | 'POST';
  /** The platform's path, e.g. '/r/programming/new.json'. */
  path: string;
  /** When given, the request's query must hold exactly these parameters (in any order). */
  query?: Readonly<Record<string, string>>;
  /** The recorded body: a file relative to the repository root (data/live/<family>/…) … */
  file?: string;
  /** … or a body given inline (a string is sent as it is, anything else as JSON). */
  body?: unknown;
  status?: number;
  headers?: Readonly<Record<string, string>>;
}

type ReplayFault =
  | { status: number; headers?: Readonly<Record<string, string>>; body?: string }
  | 'garbage'
  | 'reset'
  | 'stall';

interface ReplayRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface ReplayServer {
  /** The base address to give the adapter (LIVE_<FAMILY>_URL). */
  url: string;
  /** Every request received, in order (faults and unmatched ones included). */
  requests: ReplayRequest[];
  /** Requests with no route (answered 501): a test should expect none. */
  unmatched: ReplayRequest[];
  /** Most requests that were in flight at once. */
  peakInFlight: number;
  /** Requests received for a path (all paths when omitted). */
  count(path?: string): number;
  /** The next `times` requests (to `path`, when given) answer with the fault instead of their recording. */
  fault(fault: ReplayFault, options?: { times?: number; path?: string }): void;
  /** Resolves once `n` requests have been received in all. */
  whenReceived(n: number): Promise<void>;
  /** Holds every request until the returned function is called (the cache's single-flight tests). */
  hold(): () => void;
  /** Ends stalled requests. */
  releaseStalled(): void;
  close(): Promise<void>;
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../../../../..');

function sameQuery(expected: Readonly<Record<string, string>>, actual: Record<string, string>): boolean {
  const keys = Object.keys(expected);
  return keys.length === Object.keys(actual).length && keys.every((key) => actual[key] === expected[key]);
}

function bodyOf(route: ReplayRoute): Buffer {
  if (route.file) return readFileSync(path.resolve(repositoryRoot, route.file));
  if (route.body === undefined) return Buffer.alloc(0);
  return Buffer.from(typeof route.body === 'string' ? route.body : JSON.stringify(route.body));
}

export async function startReplayServer(
  routes: readonly ReplayRoute[],
  options: { port?: number } = {},
): Promise<ReplayServer> {
  const bodies = new Map<ReplayRoute, Buffer>(routes.map((route) => [route, bodyOf(route)]));
  const faults: Array<{ fault: ReplayFault; times: number; path?: string }> = [];
  const stalled = new Set<http.ServerResponse>();
  let holds: Array<() => void> | null = null;
  let inFlight = 0;
  const watchers: Array<{ n: number; resolve(): void }> = [];

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://replay');
    const entry: ReplayRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
    };
    replay.requests.push(entry);
    for (const watcher of watchers.filter((w) => replay.requests.length >= w.n)) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
    inFlight += 1;
    replay.peakInFlight = Math.max(replay.peakInFlight, inFlight);
    response.on('close', () => {
      inFlight -= 1;
      stalled.delete(response);
    });
    for await (const chunk of request) void chunk; // drain a POST body
    if (holds) await new Promise<void>((resolve) => holds?.push(resolve));

    const pending = faults.find((f) => f.times > 0 && (!f.path || f.path === entry.path));
    if (pending) {
      pending.times -= 1;
      const { fault } = pending;
      if (fault === 'reset') return request.socket.destroy();
      if (fault === 'stall') return void stalled.add(response);
      if (fault === 'garbage') {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"data": {"children": [{"kind": "t3", "da');
        return;
      }
      response
        .writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers })
        .end(fault.body ?? '{"error": "replayed fault"}');
      return;
    }

    const route = routes.find(
      (r) =>
        (r.method ?? 'GET') === entry.method && r.path === entry.path && (!r.query || sameQuery(r.query, entry.query)),
    );
    if (!route) {
      replay.unmatched.push(entry);
      response
        .writeHead(501, { 'content-type': 'text/plain' })
        .end(`replay: no recording for ${entry.method} ${request.url}`);
      return;
    }
    const body = bodies.get(route) ?? Buffer.alloc(0);
    response.writeHead(route.status ?? 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      ...route.headers,
    });
    response.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(options.port ?? 0, '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;

  const replay: ReplayServer = {
    url: `http://127.0.0.1:${port}`,
    requests: [],
    unmatched: [],
    peakInFlight: 0,
    count: (p) => replay.requests.filter((r) => !p || r.path === p).length,
    fault(fault, options = {}) {
      faults.push({ fault, times: options.times ?? 1, path: options.path });
    },
    whenReceived(n) {
      if (replay.requests.length >= n) return Promise.resolve();
      return new Promise((resolve) => watchers.push({ n, resolve }));
    },
    hold() {
      holds = [];
      return () => {
        const waiting = holds ?? [];
        holds = null;
        for (const resume of waiting) resume();
      };
    },
    releaseStalled() {
      for (const response of stalled) response.destroy();
      stalled.clear();
    },
    async close() {
      replay.releaseStalled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return replay;
}
