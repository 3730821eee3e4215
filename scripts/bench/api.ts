// npm run bench:api: throughput and latency of the production API server on loopback, through
// the full pipeline (key, validation, limits, billing written to PostgreSQL before each
// response), against two baselines serving the same payloads, in one run:
//   bare    the same sandbox provider on the same HTTP stack (Hono on @hono/node-server), with
//           no key, validation, limits or billing;
//   replay  a plain node:http server replaying the same bytes (scripts/bench/replay-server.ts).
// In the small case also bare+ledger: the bare server writing one UsageEvent row per call,
// group-committed before each response, and nothing else: what a durable per-call record costs
// alone, on the same cores.
// Each gateway measurement ends with the billing invariant of the kill test: every response the
// clients received is recorded once, with the units its headers said. Each row also says where
// the CPU went, in µs per call: the gateway's processes, PostgreSQL's, and the load generator's.
//
//   BENCH_SECONDS (default 8) per measurement, BENCH_CONNECTIONS (default 50),
//   BENCH_CASES=small,large,large-br to run some cases only,
//   BENCH_WARMUP (default 8) seconds of load on each server before its first measurement,
//   BENCH_ROUNDS (default 3, 0 for none) rounds of gateway, bare and replay (and in the small case
//   the gateway without the daily rollup) measured in turn for BENCH_ROUND_SECONDS (default 4)
//   each, after each case's rows: the target ratios and the rollup's cost are their medians,
//   BENCH_CASES=live: the live case alone: 20 pages of forumsite through its native adapter, from a
//   platform replaying a recorded listing (scripts/bench/live-platform.ts), on a gateway with the
//   page cache and one without (LIVE_CACHE_SECONDS=0): the gateway's CPU per page, both ways,
//   BENCH_CASES=live-<family> (live-xnet, live-reviewsite, live-websearch, live-places,
//   live-photonet, live-socialnet, live-textthreads, live-forumsite, live-videosite; live-all for
//   these and live): each adapter on its endpoints, from its replay route table
//   (lib/api/providers/live/<family>/__tests__/routes.ts, served by scripts/bench/
//   live-replay-platform.ts) with the dummy credentials the table names, on one gateway with the
//   page cache and one without: req/s, the gateway's CPU per page both ways (over 1 ms with the
//   cache is flagged), and that every call billed its expected pages (the table of calls and
//   pages: scripts/bench/live-replay-cases.ts; a family without an adapter, a route table or a
//   path is skipped with a line saying why). BENCH_LIVE_SECONDS (default 3) of load per
//   measurement after BENCH_LIVE_WARMUP (default 1; 3 for each gateway's first case): about ten
//   seconds per case. With BENCH_CASES unset, every case runs, these included,
//   BENCH_COMPILED=1 runs the API server from dist/api-server.js (npm run build) instead of tsx,
//   BENCH_PROFILE=<dir> profiles the single-process gateway during one case (BENCH_PROFILE_CASE,
//   default small) and prints
//   where its CPU went per call (<dir>/gateway.cpuprofile, for Chrome DevTools or speedscope).
// Uses DATABASE_URL when set, else the embedded PostgreSQL (database "bench" under .data/pg).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiKeyDisplay, generateApiKey, hashApiKey } from '../../lib/api-key';
import { applyMigrations } from '../../lib/db/migrate';
import { embeddedDirs, resolveDatabase } from '../lib/with-database';
import { apiServerNodeFlags } from '../../lib/api/process/node-flags';
import { callPath, hasRouteTable, type LiveReplayCase, liveReplayCases, routeTableOf } from './live-replay-cases';
import { profileBreakdown } from './profile-breakdown';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const cores = os.availableParallelism();
// BENCH_PORT_BASE moves them all, for two benches on one machine.
const portBase = Number(process.env.BENCH_PORT_BASE ?? 3871);
const ports = {
  api: portBase,
  bare: portBase + 1,
  replay: portBase + 2,
  workers: portBase + 3,
  floor: portBase + 4,
  livePlatform: portBase + 5,
  liveCached: portBase + 6,
  liveUncached: portBase + 7,
  // The live-<family> cases: their two gateways, the replay platforms' counter, one port per family.
  replayCached: portBase + 8,
  replayUncached: portBase + 9,
  replayControl: portBase + 10,
  replayFirst: portBase + 11,
};
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The share of the pipeline's throughput the daily rollup costs: the gateway against the gateway without it. */
const rollupCost = (withRollup: { rps: number }, without: { rps: number }) => 1 - withRollup.rps / without.rps;
const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
if (profileDir) mkdirSync(profileDir, { recursive: true });

interface Case {
  name: string;
  path: string;
  acceptEncoding?: string;
  /** Baselines are not measured (they do not compress). */
  gatewayOnly?: boolean;
  /** Further paths, called in turn with `path` on every connection (the live-<family> cases). */
  more?: string[];
}

const large = '/v1/forumsite/community/posts?community=news&pages=10';
const allCases: Case[] = [
  { name: 'small', path: '/v1/socialnet/locations?query=berlin' },
  { name: 'large', path: large },
  { name: 'large-br', path: large, acceptEncoding: 'br', gatewayOnly: true },
];
const chosen = process.env.BENCH_CASES?.split(',') ?? null;
/** A case runs when BENCH_CASES is unset or names it; live-all names every live case. */
const selected = (name: string) =>
  !chosen || chosen.includes(name) || (chosen.includes('live-all') && (name === 'live' || name.startsWith('live-')));
const cases = allCases.filter((c) => selected(c.name));
const LIVE_PAGES = 20;
const liveCase: Case | null = selected('live')
  ? { name: 'live', path: `/v1/forumsite/community/posts?community=news&pages=${LIVE_PAGES}` }
  : null;
const replayCases = liveReplayCases.filter((c) => selected(`live-${c.family}`));
/** The live-<family> cases' seconds of load per measurement and of warm-up before it. */
const liveSeconds = Number(process.env.BENCH_LIVE_SECONDS ?? 3);
const liveWarmup = Number(process.env.BENCH_LIVE_WARMUP ?? 1);
/** The page cache's target: the gateway's CPU per page with it, in µs. */
const CACHED_PAGE_TARGET_MICROS = 1000;

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

/** On the embedded server, every run starts from an empty "bench" database (rows of earlier
 * runs would make runs incomparable). A DATABASE_URL given by the operator is used as it is. */
async function freshBenchDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url.replace(/\/bench$/, '/postgres') });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS bench WITH (FORCE)');
  await admin.query('CREATE DATABASE bench');
  await admin.end();
}

/** One key per five connections: each account may have 10 calls in flight per endpoint. */
async function benchKeys(client: pg.Client, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const key = generateApiKey();
    const { prefix, last4 } = apiKeyDisplay(key);
    const accountId = `bench_${Date.now()}_${i}`;
    // Billed by invoice, so that every call is served and billed (no free-tier cap).
    await client.query(`INSERT INTO "Account" (id, "billingByInvoice") VALUES ($1, true)`, [accountId]);
    await client.query(
      `INSERT INTO "ApiKey" (id, "accountId", name, hash, prefix, last4) VALUES ($1, $2, 'bench', $3, $4, $5)`,
      [`key_${accountId}`, accountId, hashApiKey(key), prefix, last4],
    );
    keys.push(key);
  }
  return keys;
}

/** A server of the bench; each runs with the API server's Node flags, so that the baselines differ
 * from the gateway in the code they run only. */
function start(file: string, env: Record<string, string>, imports: string[] = []): Promise<ChildProcess> {
  // BENCH_COMPILED=1: the API server from its bundle (npm run build), as npm start runs it.
  const compiled = file === 'lib/api/process/main.ts' && process.env.BENCH_COMPILED === '1';
  const loader = compiled && imports.length === 0 ? [] : ['--import', 'tsx'];
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...apiServerNodeFlags,
      ...loader,
      ...imports.flatMap((i) => ['--import', i]),
      compiled ? 'dist/api-server.js' : file,
    ],
    {
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const listening = () => {
      if (file === 'lib/api/process/main.ts')
        console.log(
          `start    ${compiled ? 'dist/api-server.js' : 'tsx lib/api/process/main.ts'} (API_WORKERS=${env.API_WORKERS}): listening ${Math.round(performance.now() - started)} ms after spawn`,
        );
      resolve(child);
    };
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && listening());
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
  });
}

/** CPU time (user + system, ms) of a process and all its descendants, from /proc: those alive,
 * and those that ended (counted in their parent's time of waited-for children; without it, a
 * PostgreSQL backend that exits takes its CPU time out of the sum). */
function treeCpuMs(rootPids: number[]): number {
  const stats = new Map<number, { ppid: number; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const ticksPerMs = 10; // USER_HZ is 100 on Linux
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        ms: (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * ticksPerMs,
      });
    } catch {
      // The process ended while we read.
    }
  }
  const inTree = new Set(rootPids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, { ppid }] of stats) {
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of inTree) total += stats.get(pid)?.ms ?? 0;
  return total;
}

/** The embedded PostgreSQL's postmaster, whose backends do the billing writes; null for a DATABASE_URL. */
function postmasterPid(): number | null {
  if (process.env.DATABASE_URL) return null;
  try {
    return Number(readFileSync(`${embeddedDirs.app}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  non2xx: number;
  /** CPU µs per call: the server's processes, PostgreSQL's, this process (the load generator). */
  cpu: { server: number; database: number | null; client: number };
  /** Units per request id, as the response headers said (gateway only). */
  received: Map<string, number>;
  /** Calls answered in the measured seconds. */
  calls: number;
  /** Per path called, how many calls of the measured seconds billed each number of units. */
  unitsByPath: Map<string, Map<number, number>>;
  /** Per path called, the first answer other than 2xx: its status and the start of its body. */
  firstFailure: Map<string, string>;
}

/** Servers warmed up already: the first measurement of each starts with a longer load. */
const warm = new Set<ChildProcess>();

/** Sends SIGUSR2 to the profiled gateway (scripts/bench/profile-hook.ts); resolves when it acted. */
function toggleProfile(server: ChildProcess, stopping: boolean): Promise<void> {
  server.kill('SIGUSR2');
  if (!stopping) return new Promise((r) => setTimeout(r, 200));
  return new Promise((resolve) => {
    const onData = (d: Buffer) => {
      if (!d.toString().includes('profile written')) return;
      server.stdout!.off('data', onData);
      resolve();
    };
    server.stdout!.on('data', onData);
  });
}

async function measure(
  server: ChildProcess,
  port: number,
  c: Case,
  keys: string[],
  profile = false,
  duration = seconds,
  warmup?: number,
): Promise<Measurement> {
  let next = 0;
  const received = new Map<string, number>();
  const unitsByPath = new Map<string, Map<number, number>>();
  const firstFailure = new Map<string, string>();
  let measuring = false;
  const setupClient = (client: { setHeaders(h: Record<string, string>): void }) => {
    client.setHeaders({
      ...(keys.length ? { 'x-api-key': keys[next++ % keys.length]! } : {}),
      ...(c.acceptEncoding ? { 'accept-encoding': c.acceptEncoding } : {}),
    });
  };
  // Every measurement reads the headers of every response, so that the gateway's bookkeeping
  // below costs the baselines as much.
  const onResponseTo =
    (requestPath: string) =>
    (status: number, body: string, _context: object, headers: IncomingHttpHeaders | undefined) => {
      if ((status < 200 || status > 299) && !firstFailure.has(requestPath))
        firstFailure.set(requestPath, `${status} ${String(body).slice(0, 300)}`);
      const id = headers?.['x-request-id'];
      if (typeof id !== 'string') return;
      const units = Number(headers!['x-billed-units']);
      received.set(id, units);
      if (!measuring) return;
      const tally = unitsByPath.get(requestPath) ?? new Map<number, number>();
      tally.set(units, (tally.get(units) ?? 0) + 1);
      unitsByPath.set(requestPath, tally);
    };
  const options = {
    url: `http://127.0.0.1:${port}`,
    connections,
    setupClient,
    // setupClient's headers (the key) go to the first request only; a request after it with a
    // setupRequest is built on its turn and takes them then (autocannon's RequestIterator).
    requests: [c.path, ...(c.more ?? [])].map((p, index) => ({
      method: 'GET' as const,
      path: p,
      onResponse: onResponseTo(p),
      ...(index > 0 ? { setupRequest: (request: object) => request } : {}),
    })),
  };
  // Warm-up: JIT, caches, PostgreSQL's plans; longer for a server's first measurement.
  await autocannon({ ...options, duration: warmup ?? (warm.has(server) ? 2 : warmupSeconds) });
  warm.add(server);
  if (profile) await toggleProfile(server, false);
  const database = postmasterPid();
  const before = {
    server: treeCpuMs([server.pid!]),
    database: database ? treeCpuMs([database]) : 0,
    client: process.cpuUsage(),
  };
  measuring = true;
  const result = await autocannon({ ...options, duration });
  measuring = false;
  const calls = result.requests.total || 1;
  const clientCpu = process.cpuUsage(before.client);
  if (profile) {
    await toggleProfile(server, true);
    console.log(
      `\n         the gateway's CPU per call in the ${c.name} case, by step (profile of ${calls} calls, ${profileDir}/gateway.cpuprofile):`,
    );
    for (const { step, microsPerCall } of profileBreakdown(path.join(profileDir!, 'gateway.cpuprofile'), calls)) {
      console.log(`         ${microsPerCall.toFixed(1).padStart(7)} µs  ${step}`);
    }
    console.log('');
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average,
    non2xx: result.non2xx + result.errors,
    cpu: {
      server: ((treeCpuMs([server.pid!]) - before.server) * 1000) / calls,
      database: database ? ((treeCpuMs([database]) - before.database) * 1000) / calls : null,
      client: (clientCpu.user + clientCpu.system) / calls,
    },
    received,
    calls: result.requests.total,
    unitsByPath,
    firstFailure,
  };
}

/**
 * The kill test's invariant, after a gateway measurement: each response a client received is
 * recorded once, with the units it said; per account, what was recorded beyond that is only the
 * answers in flight when the clients stopped (billed, never read). Returns false on a mismatch.
 */
async function checkBilling(
  client: pg.Client,
  received: Map<string, number>,
  since: Date,
  quiet = false,
): Promise<boolean> {
  // The clients stop with calls in flight: let them finish and be recorded.
  await new Promise((r) => setTimeout(r, 500));
  const ids = [...received.keys()];
  const { rows } = await client.query<{ id: string; accountId: string; units: number }>(
    `SELECT id, "accountId", units FROM "UsageEvent" WHERE id = ANY($1::text[])`,
    [ids],
  );
  const perAccount = new Map<string, { received: number; recorded: number }>();
  let mismatched = ids.length - rows.length;
  for (const row of rows) {
    if (row.units !== received.get(row.id)) mismatched++;
    const account = perAccount.get(row.accountId) ?? { received: 0, recorded: 0 };
    account.received += received.get(row.id)!;
    perAccount.set(row.accountId, account);
  }
  const { rows: totals } = await client.query<{ accountId: string; units: string }>(
    `SELECT "accountId", SUM(units) AS units FROM "UsageEvent" WHERE "accountId" LIKE 'bench\\_%' AND "createdAt" >= $1 GROUP BY 1`,
    [since],
  );
  let unread = 0;
  for (const total of totals) {
    const account = perAccount.get(total.accountId) ?? { received: 0, recorded: 0 };
    account.recorded = Number(total.units);
    unread += account.recorded - account.received;
    if (account.recorded < account.received) mismatched++;
  }
  const receivedUnits = [...perAccount.values()].reduce((sum, a) => sum + a.received, 0);
  if (mismatched === 0 && quiet) return true;
  console.log(
    mismatched === 0
      ? `       billing exact: ${ids.length} responses received, each recorded once with its units (${receivedUnits} units over ${perAccount.size} accounts); ${unread} more units recorded for answers in flight when the clients stopped`
      : `       BILLING MISMATCH: ${mismatched} of ${ids.length} received responses missing, billed differently, or an account under-recorded`,
  );
  return mismatched === 0;
}

function row(c: Case, label: string, r: Measurement, usesDatabase = r.received.size > 0): void {
  const kb = r.rps ? r.bytes / r.rps / 1024 : 0;
  // The baselines use no database: PostgreSQL's figure is only meaningful for the gateway rows.
  const database = r.cpu.database === null || !usesDatabase ? '    -' : r.cpu.database.toFixed(0).padStart(5);
  const cpu = `${r.cpu.server.toFixed(0).padStart(5)} ${database} ${r.cpu.client.toFixed(0).padStart(5)}`;
  console.log(
    `${`${c.name} `.padEnd(9)}${label.padEnd(12)}${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${kb.toFixed(1).padStart(8)} ${String(r.non2xx).padStart(8)}   ${cpu}`,
  );
}

type MeasureGateway = (
  server: ChildProcess,
  port: number,
  c: Case,
  profile?: boolean,
  duration?: number,
  warmup?: number,
) => Promise<{ result: Measurement; check(quiet?: boolean): Promise<boolean> }>;

/**
 * The live case: the forumsite adapter walking 20 platform pages per call, with the page cache
 * (after the first call, every page is the cache's) and without (20 platform requests per call).
 * Politeness is lifted for the bench (the platform is ours); the gateway's CPU per page is the
 * figure. Returns false when billing is not exact or a call did not bill its 20 pages.
 */
async function benchLive(
  c: Case,
  apiEnv: Record<string, string>,
  children: ChildProcess[],
  measureGateway: MeasureGateway,
): Promise<boolean> {
  const { liveAdapters } = await import('../../lib/api/providers/live/adapters');
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

/**
 * The live-<family> cases (scripts/bench/live-replay-cases.ts): each adapter's endpoints from its
 * replay route table, served by scripts/bench/live-replay-platform.ts, on one gateway with the
 * page cache and one without (LIVE_CACHE_SECONDS=0), both with every case's family live, its
 * replay's credentials and politeness lifted. Per case: the rows, the billing invariant, that
 * every call billed its expected pages, and the gateway's CPU per page both ways, flagged when
 * over 1 ms with the cache. Returns false when billing is not exact, a call billed other pages
 * than expected, or the gateway asked the platform something its recordings do not answer.
 */
async function benchLiveReplay(
  wanted: readonly LiveReplayCase[],
  apiEnv: Record<string, string>,
  children: ChildProcess[],
  measureGateway: MeasureGateway,
): Promise<boolean> {
  const { liveAdapters } = await import('../../lib/api/providers/live/adapters');
  const runnable: LiveReplayCase[] = [];
  for (const c of wanted) {
    const name = `live-${c.family}`;
    const adapter = liveAdapters[c.family];
    if (!adapter) {
      console.log(`${name} skipped: no ${c.family} adapter registered in lib/api/providers/live/adapters.ts`);
      continue;
    }
    if (!hasRouteTable(c.family)) {
      console.log(`${name} skipped: no replay route table at ${routeTableOf(c.family)}`);
      continue;
    }
    const calls = c.calls.filter((call) => {
      if ((adapter.paths as readonly string[]).includes(call.path)) return true;
      console.log(`${name} ${call.path} skipped: the ${c.family} adapter does not serve it (not in its paths)`);
      return false;
    });
    if (calls.length === 0) console.log(`${name} skipped: its adapter serves none of the case's paths`);
    else runnable.push({ family: c.family, calls });
  }
  if (runnable.length === 0) return true;

  const families = runnable.map((c) => c.family);
  children.push(
    await start('scripts/bench/live-replay-platform.ts', {
      BENCH_REPLAY_FAMILIES: families.join(','),
      BENCH_REPLAY_PORT: String(ports.replayFirst),
      BENCH_REPLAY_CONTROL_PORT: String(ports.replayControl),
    }),
  );
  const liveEnv: Record<string, string> = { ...apiEnv, API_WORKERS: '1' };
  for (const [index, family] of families.entries()) {
    const routes = (await import(`../../${routeTableOf(family)}`)) as Record<string, unknown>;
    const name = family.toUpperCase();
    Object.assign(liveEnv, routes[`${family}ReplayEnv`] ?? {}, {
      [`DATA_SOURCE_${name}`]: 'live',
      [`LIVE_${name}_URL`]: `http://127.0.0.1:${ports.replayFirst + index}`,
      [`LIVE_${name}_REQUESTS_PER_MINUTE`]: '1000000000',
      [`LIVE_${name}_BURST`]: '1000000000',
      [`LIVE_${name}_CONCURRENCY`]: '256',
    });
  }
  const gateways = [
    ['live cache', ports.replayCached, '60'],
    ['live no-cache', ports.replayUncached, '0'],
  ] as const;
  const servers = await Promise.all(
    gateways.map(([, port, cacheSeconds]) =>
      start('lib/api/process/main.ts', { ...liveEnv, API_PORT: String(port), LIVE_CACHE_SECONDS: cacheSeconds }),
    ),
  );
  children.push(...servers);
  type Counts = Record<string, { answered: number; unmatched: number; firstUnmatched: string | null }>;
  const platformCounts = async () =>
    (await (await fetch(`http://127.0.0.1:${ports.replayControl}/_count`)).json()) as Counts;

  let ok = true;
  const over: string[] = [];
  for (const { family, calls } of runnable) {
    const name = `live-${family}`;
    const c: Case = { name, path: callPath(calls[0]!), more: calls.slice(1).map(callPath) };
    console.log(
      `${name} ${calls.map((call) => `${callPath(call)} (${call.units} page${call.units === 1 ? '' : 's'})`).join(', ')} from ${routeTableOf(family)}`,
    );
    const perPage: Record<string, number> = {};
    for (const [index, [label, port]] of gateways.entries()) {
      const before = (await platformCounts())[family]!;
      // A fresh gateway's first case warms up longer (JIT); the others keep the cases short.
      const server = servers[index]!;
      const m = await measureGateway(server, port, c, false, liveSeconds, warm.has(server) ? liveWarmup : 3);
      row(c, label, m.result);
      ok = (await m.check()) && ok;
      let pages = 0;
      let billedAsExpected = true;
      for (const call of calls) {
        const tally = m.result.unitsByPath.get(callPath(call)) ?? new Map<number, number>();
        const total = [...tally.values()].reduce((sum, n) => sum + n, 0);
        for (const [units, n] of tally) pages += units * n;
        const other = total - (tally.get(call.units) ?? 0);
        if (total === 0 || other > 0) {
          billedAsExpected = false;
          console.log(
            total === 0
              ? `${name} ${label}: no call to ${call.path} was answered in the measured seconds (BENCH_LIVE_SECONDS=${liveSeconds})`
              : `${name} ${label}: ${other} of ${total} calls to ${call.path} billed other than ${call.units} page${call.units === 1 ? '' : 's'} (${[...tally].map(([units, n]) => `${n} billed ${units}`).join(', ')})`,
          );
        }
      }
      ok = billedAsExpected && ok;
      for (const [requestPath, failure] of m.result.firstFailure)
        console.log(`${name} ${label}: the first answer other than 2xx to ${requestPath}: ${failure}`);
      const after = (await platformCounts())[family]!;
      if (after.unmatched > before.unmatched) {
        ok = false;
        console.log(
          `${name} ${label}: ${after.unmatched - before.unmatched} platform requests matched no recording (answered 501), first: ${after.firstUnmatched}`,
        );
      }
      perPage[label] = pages > 0 ? (m.result.cpu.server * m.result.calls) / pages : Number.NaN;
      console.log(
        `${name} ${label}: ${perPage[label]!.toFixed(0)} µs of the gateway's CPU per page (${pages} pages billed in ${m.result.calls} calls${billedAsExpected ? ', each call its expected pages' : ''}); the platform answered ${after.answered - before.answered} requests (warm-up included)`,
      );
    }
    const cached = perPage['live cache']!;
    if (!(cached <= CACHED_PAGE_TARGET_MICROS)) {
      over.push(name);
      console.log(
        `${name} OVER TARGET: ${cached.toFixed(0)} µs of the gateway's CPU per page with the page cache (target: under ${CACHED_PAGE_TARGET_MICROS} µs)`,
      );
    }
    console.log(
      `${name} the cache saves ${(perPage['live no-cache']! - cached).toFixed(0)} µs of the gateway's CPU per page\n`,
    );
  }
  console.log(
    over.length === 0
      ? `live-*   every live case under ${CACHED_PAGE_TARGET_MICROS} µs of the gateway's CPU per page with the page cache\n`
      : `live-*   OVER ${CACHED_PAGE_TARGET_MICROS} µs of the gateway's CPU per page with the page cache: ${over.join(', ')}\n`,
  );
  return ok;
}

const database = await resolveDatabase('app', 'bench');
const children: ChildProcess[] = [];
let exact = true;
try {
  if (!process.env.DATABASE_URL) await freshBenchDatabase(database.url);
  await applyMigrations(database.url);
  const client = new pg.Client({ connectionString: database.url });
  client.on('error', () => {}); // the database stopping at the end, after an error of the bench's own
  await client.connect();
  const keys = await benchKeys(client, Math.ceil(connections / 5));
  // A running service has history: last month's calls, enough to cycle PostgreSQL's buffer pool.
  // Without it, the first measurement pays for first touches of fresh memory (expensive in a VM)
  // and reads half the throughput of the same measurement a minute later.
  await client.query(
    `INSERT INTO "UsageEvent" (id, "accountId", "apiKeyId", endpoint, status, units, "freeUnits", "amountMicros", sentiment, "latencyMs", "createdAt")
     SELECT 'history_' || g, a.id, 'key_' || a.id, '/v1/socialnet/locations', 200, 1, 0, 1000, false, 3,
            date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 second' * g
     FROM generate_series(1, $1::int) g
     JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "Account" WHERE id LIKE 'bench_%') a ON a.n = g % $2`,
    [Number(process.env.BENCH_HISTORY ?? 300_000), keys.length],
  );
  const apiEnv = { DATABASE_URL: database.url, API_HOST: '127.0.0.1', REDIS_URL: '' };
  const gateway = await start(
    'lib/api/process/main.ts',
    { ...apiEnv, API_PORT: String(ports.api), API_WORKERS: '1', ...(profileDir ? { BENCH_PROFILE: profileDir } : {}) },
    profileDir ? ['./scripts/bench/profile-hook.ts'] : [],
  );
  const workers =
    cores > 1
      ? await start('lib/api/process/main.ts', {
          ...apiEnv,
          API_PORT: String(ports.workers),
          API_WORKERS: String(cores),
        })
      : null;
  const bare = await start('scripts/bench/bare-server.ts', { BARE_PORT: String(ports.bare) });
  // The bare server plus one ledger row per call, group-committed before each response.
  const floorAccount = (
    await client.query<{ id: string }>(`SELECT id FROM "Account" WHERE id LIKE 'bench\\_%' ORDER BY id LIMIT 1`)
  ).rows[0]!.id;
  const floor = await start('scripts/bench/bare-server.ts', {
    BARE_PORT: String(ports.floor),
    LEDGER_DATABASE_URL: database.url,
    LEDGER_ACCOUNT: floorAccount,
  });
  const replay = await start('scripts/bench/replay-server.ts', {
    REPLAY_PORT: String(ports.replay),
    REPLAY_PATHS: [...new Set(cases.map((c) => c.path))].join(','),
  });
  children.push(...[gateway, workers, bare, floor, replay].filter((c): c is ChildProcess => c !== null));

  console.log(
    `${connections} connections, ${seconds} s per measurement, loopback, this machine (${cores} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'})`,
  );
  console.log(
    `${keys.length} accounts billed by invoice, 5 connections each; load generator, servers and PostgreSQL share the cores\n`,
  );
  console.log('                                                                   CPU µs per call');
  console.log('case     server        req/s  p50 ms  p99 ms  KB/resp  non-2xx   server    pg  load');
  // Tens of thousands of billing rows per measurement: vacuum between measurements, so that
  // autovacuum does not run during the next one.
  const settle = () => client.query('VACUUM ANALYZE "UsageEvent", "UsageMonthly", "UsageDaily", "ApiKey"');
  const measureGateway: MeasureGateway = async (server, port, c, profile = false, duration = seconds, warmup) => {
    await settle();
    const since = new Date();
    const result = await measure(server, port, c, keys, profile, duration, warmup);
    return { result, check: (quiet = false) => checkBilling(client, result.received, since, quiet) };
  };
  // The daily rollup's cost: the small case again with record_usage minus its UsageDaily upsert
  // (the rest of the writer unchanged), then the real function back.
  const functionsSql = readFileSync('prisma/functions.sql', 'utf8');
  const withoutRollup = functionsSql.replace(/,\n {2}daily AS \([\s\S]*?\n {2}\)(?=[,\n])/, '');
  if (withoutRollup === functionsSql)
    throw new Error('bench: the daily rollup CTE was not found in prisma/functions.sql');
  const measureWithoutRollup = async (c: Case, duration = seconds) => {
    await client.query(withoutRollup);
    try {
      return await measureGateway(gateway, ports.api, c, false, duration);
    } finally {
      await client.query(functionsSql);
    }
  };
  /** The ratios again in rounds of gateway, bare and replay in turn (and, in the small case, the
   * gateway without the daily rollup), each measured for BENCH_ROUND_SECONDS: the machine's drift
   * between two measurements a minute apart moves a ratio by 15% or more, so the target figures
   * are the rounds' medians. */
  const alternate = async (c: Case) => {
    const bareRatios: number[] = [];
    const replayRatios: number[] = [];
    const rollupCosts: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const g = await measureGateway(gateway, ports.api, c, false, roundSeconds);
      exact = (await g.check(true)) && exact;
      if (c.name === 'small') {
        const noRollup = await measureWithoutRollup(c, roundSeconds);
        exact = (await noRollup.check(true)) && exact;
        rollupCosts.push(rollupCost(g.result, noRollup.result));
      }
      bareRatios.push(g.result.rps / (await measure(bare, ports.bare, c, [], false, roundSeconds)).rps);
      replayRatios.push(g.result.rps / (await measure(replay, ports.replay, c, [], false, roundSeconds)).rps);
    }
    return { bare: bareRatios, replay: replayRatios, rollup: rollupCosts };
  };

  const figures = new Map<string, Measurement>();
  for (const c of cases) {
    const full = await measureGateway(
      gateway,
      ports.api,
      c,
      profileDir !== null && c.name === (process.env.BENCH_PROFILE_CASE ?? 'small'),
    );
    row(c, 'gateway', full.result);
    exact = (await full.check()) && exact;
    figures.set(c.name, full.result);
    if (workers && c.name === 'small') {
      const multi = await measureGateway(workers, ports.workers, c);
      row(c, `${cores} workers`, multi.result);
      exact = (await multi.check()) && exact;
    }
    const noRollup = c.name === 'small' ? await measureWithoutRollup(c) : null;
    if (noRollup) {
      row(c, 'no-rollup', noRollup.result);
      exact = (await noRollup.check()) && exact;
    }
    if (c.gatewayOnly) {
      const plain = figures.get('large');
      if (plain)
        console.log(
          `${c.name.padEnd(9)}${c.acceptEncoding} compressed: ${(full.result.bytes / full.result.rps / 1024).toFixed(1)} KB per answer instead of ${(plain.bytes / plain.rps / 1024).toFixed(1)}, at ${(full.result.rps / plain.rps).toFixed(2)} of the uncompressed throughput`,
        );
      console.log('');
      continue;
    }
    const bareResult = await measure(bare, ports.bare, c, []);
    row(c, 'bare', bareResult);
    const replayResult = await measure(replay, ports.replay, c, []);
    row(c, 'replay', replayResult);
    if (c.name === 'small') {
      await settle();
      const floorResult = await measure(floor, ports.floor, c, []);
      row(c, 'bare+ledger', floorResult, true);
      console.log(
        `${c.name.padEnd(9)}bare+ledger/bare = ${(floorResult.rps / bareResult.rps).toFixed(2)}: the bare server writing just one ledger row per call before answering`,
      );
    }
    const target = c.name === 'small' ? 0.8 : 0.85;
    const single = { bare: full.result.rps / bareResult.rps, replay: full.result.rps / replayResult.rps };
    console.log(
      `${c.name.padEnd(9)}in the rows above: gateway/bare = ${single.bare.toFixed(2)}, gateway/replay = ${single.replay.toFixed(2)}`,
    );
    const ratios =
      rounds > 0
        ? await alternate(c)
        : {
            bare: [single.bare],
            replay: [single.replay],
            rollup: noRollup ? [rollupCost(full.result, noRollup.result)] : [],
          };
    const each = (xs: number[], format = (x: number) => x.toFixed(2)) =>
      xs.length > 1 ? ` (rounds: ${xs.map(format).join(', ')})` : '';
    if (rounds > 0)
      console.log(
        `${c.name.padEnd(9)}${rounds} rounds of gateway, ${ratios.rollup.length > 0 ? 'no-rollup, ' : ''}bare and replay in turn, ${roundSeconds} s each; medians:`,
      );
    console.log(
      `${c.name.padEnd(9)}gateway/bare = ${median(ratios.bare).toFixed(2)} (target ${target})${each(ratios.bare)}`,
    );
    console.log(
      `${c.name.padEnd(9)}gateway/replay = ${median(ratios.replay).toFixed(2)}${c.name === 'small' ? ' (target 0.40)' : ''}${each(ratios.replay)}`,
    );
    if (ratios.rollup.length > 0) {
      const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
      console.log(
        `${c.name.padEnd(9)}the daily rollup costs ${percent(median(ratios.rollup))} of the pipeline's throughput (target: at most 5%)${each(ratios.rollup, percent)}`,
      );
    }
    console.log(`${c.name.padEnd(9)}gateway p99 ${full.result.p99} ms${c.name === 'small' ? ' (target < 25)' : ''}`);
    console.log('');
  }
  if (liveCase) exact = (await benchLive(liveCase, apiEnv, children, measureGateway)) && exact;
  if (replayCases.length > 0) exact = (await benchLiveReplay(replayCases, apiEnv, children, measureGateway)) && exact;
  await client.end();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode === null ? c.once('exit', r) : r(null)))));
  await database.stop();
}
if (!exact) {
  console.error('bench:api: the billing invariant failed (see above)');
  process.exitCode = 1;
}
