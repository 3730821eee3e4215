// The small and large cases: the gateway against the bare and replay baselines serving the same
// payloads (in the small case also with a worker per core, without the daily rollup, and the bare
// server writing one ledger row per call), then the ratios again in alternating rounds.
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { type MeasureGateway, type Measurement, measure } from './load';
import { row } from './report';
import {
  type Case,
  cases,
  cores,
  median,
  ports,
  profileDir,
  rollupCost,
  roundSeconds,
  rounds,
  seconds,
} from './settings';
import type { BenchServers } from './setup';

/** Measures every chosen case of the pipeline and prints its rows; false when billing was not exact. */
export async function benchPipeline({
  client,
  servers: { gateway, workers, bare, floor, replay },
  measureGateway,
  settle,
}: {
  client: pg.Client;
  servers: BenchServers;
  measureGateway: MeasureGateway;
  settle: () => Promise<unknown>;
}): Promise<boolean> {
  let exact = true;
  // The daily rollup's cost: the small case again with record_usage minus its UsageDaily upsert
  // (the rest of the writer unchanged), then the real function back.
  const functionsSql = readFileSync('prisma/functions.sql', 'utf8');
  const withoutRollup = functionsSql.replace(/,\n {2}daily AS \([\s\S]*?\n {2}\)(?=[,\n])/, '');
  if (withoutRollup === functionsSql)
    throw new Error('bench: the daily rollup CTE was not found in prisma/functions.sql');
  // Replacing the functions takes their locks: a batch the last measurement's recorder is still
  // writing can deadlock with it, which PostgreSQL ends by failing one side; the swap is tried again.
  const swapFunctions = async (sql: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(sql);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  };
  const measureWithoutRollup = async (c: Case, duration = seconds) => {
    await swapFunctions(withoutRollup);
    try {
      return await measureGateway(gateway, ports.api, c, false, duration);
    } finally {
      await swapFunctions(functionsSql);
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
  return exact;
}
