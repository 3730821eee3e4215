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
//   (lib/api/providers/live/<family>/__tests__/support/routes.ts, served by scripts/bench/
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
//
// The run in phases, under scripts/bench/api/: settings.ts (the variables above, ports, cases),
// setup.ts (database, keys, history, servers), load.ts (load and measurement), pipeline.ts (the
// small and large cases against their baselines), live.ts and live-replay.ts (the live cases),
// billing-check.ts (the billing invariant after each gateway measurement), report.ts (the table).
import type { ChildProcess } from 'node:child_process';
import { resolveDatabase } from '../lib/with-database';
import { benchLive } from './api/live';
import { benchLiveReplay } from './api/live-replay';
import { gatewayMeasurer } from './api/load';
import { benchPipeline } from './api/pipeline';
import { printHeader } from './api/report';
import { liveCase, replayCases } from './api/settings';
import { prepareDatabase, startServers } from './api/setup';

const database = await resolveDatabase('app', 'bench');
const children: ChildProcess[] = [];
let exact = true;
try {
  const { client, keys } = await prepareDatabase(database.url, !process.env.DATABASE_URL);
  const apiEnv = { DATABASE_URL: database.url, API_HOST: '127.0.0.1', REDIS_URL: '' };
  const servers = await startServers(client, database.url, apiEnv, children);
  printHeader(keys.length);
  const { measureGateway, settle } = gatewayMeasurer(client, keys);
  exact = (await benchPipeline({ client, servers, measureGateway, settle })) && exact;
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
