// An HTTP upstream (UPSTREAM_<FAMILY>_URL) serving the sandbox's data that holds every request
// until the test releases it, so a test of the API server process can keep calls in flight and
// know exactly how many are in flight, without sleeping.
import http from 'node:http';
import type net from 'node:net';
import { findEndpoint } from '../../registry';
import { sandboxProvider } from '../../providers/sandbox';

export interface HeldUpstream {
  url: string;
  /** Requests waiting at the gate now. */
  readonly held: number;
  /** Resolves once `count` requests are waiting at the gate. */
  whenHeld(count: number): Promise<void>;
  /** Answers every waiting request; with `{ stayOpen: true }` later requests pass at once. */
  release(options?: { stayOpen?: boolean }): void;
  /** Holds requests again from now on (after `release({ stayOpen: true })`). */
  hold(): void;
  close(): Promise<void>;
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url!, 'http://upstream');
  const endpoint = findEndpoint(url.pathname);
  if (!endpoint) {
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: 'Not found', code: 'not_found' }));
    return;
  }
  const params = endpoint.params.parse(Object.fromEntries(url.searchParams));
  const { body } = await sandboxProvider.call(endpoint, params, new AbortController().signal);
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startHeldUpstream(): Promise<HeldUpstream> {
  const gate: (() => void)[] = [];
  const watchers: { count: number; resolve: () => void }[] = [];
  let open = false;

  const server = http.createServer((req, res) => {
    const go = () => void answer(req, res).catch(() => res.writeHead(500).end());
    if (open) return go();
    gate.push(go);
    for (const watcher of watchers.filter((w) => gate.length >= w.count)) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    get held() {
      return gate.length;
    },
    whenHeld(count) {
      if (gate.length >= count) return Promise.resolve();
      return new Promise((resolve) => watchers.push({ count, resolve }));
    },
    release({ stayOpen = false } = {}) {
      open = stayOpen;
      gate.splice(0).forEach((go) => go());
    },
    hold() {
      open = false;
    },
    close() {
      open = true;
      gate.splice(0).forEach((go) => go());
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
