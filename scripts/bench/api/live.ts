// The live case: the forumsite adapter through the gateway, from a platform replaying a recorded
// listing (scripts/bench/live-platform.ts), with the page cache and without.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MeasureGateway } from './load';
import { row } from './report';
import { type Case, LIVE_PAGES, ports } from './settings';
import { start } from './setup';

/** The first recording under data/live/forumsite of the given kind (a Listing of posts, a t5 community). */
function forumsiteRecording(kind: 'Listing' | 't5'): string | null {
  if (!existsSync('data/live/forumsite')) return null;
  const files = (
    readdirSync('data/live/forumsite', { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]
  )
    .filter((f) => f.isFile() && f.name.endsWith('.json'))
    .map((f) => path.join(f.parentPath, f.name))
    .sort();
  for (const file of files) {
    try {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { kind?: string; data?: { children?: unknown[] } };
      if (json.kind === kind && (kind !== 'Listing' || (json.data?.children?.length ?? 0) > 0)) return file;
    } catch {
      // not JSON: not a recording of this kind
    }
  }
  return null;
}

/**
 * The live case: the forumsite adapter walking 20 platform pages per call, with the page cache
 * (after the first call, every page is the cache's) and without (20 platform requests per call).
 * Politeness is lifted for the bench (the platform is ours); the gateway's CPU per page is the
 * figure. Returns false when billing is not exact or a call did not bill its 20 pages.
 */
export async function benchLive(
  c: Case,
  apiEnv: Record<string, string>,
  children: ChildProcess[],
  measureGateway: MeasureGateway,
): Promise<boolean> {
  const { liveAdapters } = await import('../../../lib/api/providers/live/adapters');
  const listing = process.env.BENCH_LIVE_LISTING ?? forumsiteRecording('Listing');
  if (!liveAdapters.forumsite || !listing) {
    console.log(
      `live     skipped: ${liveAdapters.forumsite ? 'no recorded listing under data/live/forumsite (BENCH_LIVE_LISTING names one)' : 'no forumsite adapter registered'}\n`,
    );
    return true;
  }
  const about = process.env.BENCH_LIVE_ABOUT ?? forumsiteRecording('t5');
  const platform = await start('scripts/bench/live-platform.ts', {
    BENCH_LIVE_PORT: String(ports.livePlatform),
    BENCH_LIVE_LISTING: listing,
    BENCH_LIVE_PAGES: String(LIVE_PAGES),
    ...(about ? { BENCH_LIVE_ABOUT: about } : {}),
  });
  children.push(platform);
  const liveEnv = {
    ...apiEnv,
    API_WORKERS: '1',
    DATA_SOURCE_FORUMSITE: 'live',
    LIVE_FORUMSITE_URL: `http://127.0.0.1:${ports.livePlatform}`,
    LIVE_FORUMSITE_REQUESTS_PER_MINUTE: '1000000000',
    LIVE_FORUMSITE_BURST: '1000000000',
    LIVE_FORUMSITE_CONCURRENCY: '256',
  };
  const platformCount = async () => Number(await (await fetch(`http://127.0.0.1:${ports.livePlatform}/_count`)).text());
  console.log(
    `live     ${LIVE_PAGES} pages of forumsite per call from ${listing}${about ? ` (and ${path.basename(about)})` : ''}`,
  );
  let ok = true;
  const perPage: Record<string, number> = {};
  for (const [label, port, cacheSeconds] of [
    ['live cache', ports.liveCached, '60'],
    ['live no-cache', ports.liveUncached, '0'],
  ] as const) {
    const server = await start('lib/api/process/main.ts', {
      ...liveEnv,
      API_PORT: String(port),
      LIVE_CACHE_SECONDS: cacheSeconds,
    });
    children.push(server);
    const before = await platformCount();
    const m = await measureGateway(server, port, c);
    row(c, label, m.result);
    ok = (await m.check()) && ok;
    const short = [...m.result.received.values()].filter((units) => units !== LIVE_PAGES).length;
    if (short > 0 || m.result.received.size === 0) {
      console.log(
        `live     ${short} of ${m.result.received.size} calls billed other than ${LIVE_PAGES} pages: the platform's cursor chain is not being walked`,
      );
      ok = false;
    }
    perPage[label] = m.result.cpu.server / LIVE_PAGES;
    console.log(
      `live     ${label}: ${perPage[label]!.toFixed(0)} µs of the gateway's CPU per page; the platform answered ${(await platformCount()) - before} requests (warm-up included)`,
    );
  }
  console.log(
    `live     the cache saves ${(perPage['live no-cache']! - perPage['live cache']!).toFixed(0)} µs of the gateway's CPU per page\n`,
  );
  return ok;
}
