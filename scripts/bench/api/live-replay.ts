// The live-<family> cases: each adapter on its endpoints, from its replay route table.
import type { ChildProcess } from 'node:child_process';
import { callPath, hasRouteTable, type LiveReplayCase, routeTableOf } from '../live-replay-cases';
import { type MeasureGateway, warm } from './load';
import { row } from './report';
import { CACHED_PAGE_TARGET_MICROS, type Case, liveSeconds, liveWarmup, ports } from './settings';
import { start } from './setup';

/**
 * The live-<family> cases (scripts/bench/live-replay-cases.ts): each adapter's endpoints from its
 * replay route table, served by scripts/bench/live-replay-platform.ts, on one gateway with the
 * page cache and one without (LIVE_CACHE_SECONDS=0), both with every case's family live, its
 * replay's credentials and politeness lifted. Per case: the rows, the billing invariant, that
 * every call billed its expected pages, and the gateway's CPU per page both ways, flagged when
 * over 1 ms with the cache. Returns false when billing is not exact, a call billed other pages
 * than expected, or the gateway asked the platform something its recordings do not answer.
 */
export async function benchLiveReplay(
  wanted: readonly LiveReplayCase[],
  apiEnv: Record<string, string>,
  children: ChildProcess[],
  measureGateway: MeasureGateway,
): Promise<boolean> {
  const { liveAdapters } = await import('../../../lib/api/providers/live/adapters');
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
    const routes = (await import(`../../../${routeTableOf(family)}`)) as Record<string, unknown>;
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
