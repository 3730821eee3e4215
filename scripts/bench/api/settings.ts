// The bench's settings (BENCH_* variables, see scripts/bench/api.ts), its ports and its cases.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { liveReplayCases } from '../live-replay-cases';

export const seconds = Number(process.env.BENCH_SECONDS ?? 8);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const cores = os.availableParallelism();
// BENCH_PORT_BASE moves them all, for two benches on one machine.
const portBase = Number(process.env.BENCH_PORT_BASE ?? 3871);
export const ports = {
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
export const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 8);
export const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
export const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The share of the pipeline's throughput the daily rollup costs: the gateway against the gateway without it. */
export const rollupCost = (withRollup: { rps: number }, without: { rps: number }) => 1 - withRollup.rps / without.rps;
export const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
if (profileDir) mkdirSync(profileDir, { recursive: true });

export interface Case {
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
export const cases = allCases.filter((c) => selected(c.name));
export const LIVE_PAGES = 20;
export const liveCase: Case | null = selected('live')
  ? { name: 'live', path: `/v1/forumsite/community/posts?community=news&pages=${LIVE_PAGES}` }
  : null;
export const replayCases = liveReplayCases.filter((c) => selected(`live-${c.family}`));
/** The live-<family> cases' seconds of load per measurement and of warm-up before it. */
export const liveSeconds = Number(process.env.BENCH_LIVE_SECONDS ?? 3);
export const liveWarmup = Number(process.env.BENCH_LIVE_WARMUP ?? 1);
/** The page cache's target: the gateway's CPU per page with it, in µs. */
export const CACHED_PAGE_TARGET_MICROS = 1000;
