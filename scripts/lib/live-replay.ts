// The live adapters' recordings served on loopback (scripts/live-replay.ts), to try DATA_SOURCE=live
// by hand without the network: one replay server per family, and what to do with them: the
// settings to start the app with (on the ports the user chose) and the calls the recordings
// answer. A replay answers only what was recorded (anything else is the API's 502), so each
// family's recorded inputs are listed: its adapter's probes, the calls check-sources makes.
// The platforms' politeness limits (a few requests a minute for some) protect real platforms,
// not a local replay: the printed settings lift them for each replayed family.
import { existsSync } from 'node:fs';
import { startReplayServer, type ReplayServer } from '@/lib/api/providers/live/__tests__/support/replay-server';
import { liveAdapters } from '@/lib/api/providers/live/adapters';
import type { Family } from '@/lib/api/registry/types';
import type { EnvRecord } from '@/lib/env';

/** Politeness for a replay on this machine: no queueing behind a platform's limits. */
const REPLAY_REQUESTS_PER_MINUTE = '60000';
const REPLAY_BURST = '1000';

export interface ReplayedFamily {
  family: Family;
  server: ReplayServer;
  /** Recorded answers in its route table. */
  recordings: number;
  /** The app's settings for this family: live, its replay's address, its credentials, its politeness lifted. */
  settings: Record<string, string>;
  /** API calls its recordings answer (path and query). */
  inputs: { path: string; query: Readonly<Record<string, string>> }[];
}

/** Starts a replay server per family, on ports from `firstPort` up; a family without recordings is an error. */
export async function startLiveReplay(
  families: readonly string[],
  firstPort: number,
): Promise<{ replayed: ReplayedFamily[]; errors: string[] }> {
  const replayed: ReplayedFamily[] = [];
  const errors: string[] = [];
  for (const [index, family] of families.entries()) {
    const adapter = liveAdapters[family as Family];
    const file = `lib/api/providers/live/${family}/__tests__/support/routes.ts`;
    if (!adapter || !existsSync(file)) {
      errors.push(`${family}: no live adapter with recordings (${file})`);
      continue;
    }
    const module = (await import(`../../${file}`)) as Record<string, unknown>;
    const routes = module[`${family}Routes`];
    if (!Array.isArray(routes)) {
      errors.push(`${family}: ${file} exports no ${family}Routes`);
      continue;
    }
    const server = await startReplayServer(routes, { port: firstPort === 0 ? 0 : firstPort + index });
    const name = family.toUpperCase();
    replayed.push({
      family: family as Family,
      server,
      recordings: routes.length,
      settings: {
        [`DATA_SOURCE_${name}`]: 'live',
        [`LIVE_${name}_URL`]: server.url,
        ...((module[`${family}ReplayEnv`] ?? {}) as Record<string, string>),
        [`LIVE_${name}_REQUESTS_PER_MINUTE`]: REPLAY_REQUESTS_PER_MINUTE,
        [`LIVE_${name}_BURST`]: REPLAY_BURST,
      },
      inputs: [adapter.probe, ...(adapter.probes ?? [])],
    });
  }
  return { replayed, errors };
}

const call = (input: ReplayedFamily['inputs'][number]) => `${input.path}?${new URLSearchParams({ ...input.query })}`;

/**
 * What to run next: `npm start` with every family's settings on the ports the user chose (PORT,
 * API_PORT from `env`, else 3000 and 3001), then the recorded inputs as calls to the API.
 */
export function replayInstructions(replayed: readonly ReplayedFamily[], env: EnvRecord): string {
  const port = env.PORT || '3000';
  const apiPort = env.API_PORT || '3001';
  const settings = replayed.map((r) =>
    Object.entries(r.settings)
      .map(([name, value]) => `${name}='${value}'`)
      .join(' '),
  );
  const lines = [
    `Start the app against them (the console on http://localhost:${port}, the API on http://localhost:${apiPort}/v1):`,
    '',
    `  PORT=${port} API_PORT=${apiPort} \\`,
    ...settings.map((s) => `  ${s} \\`),
    '  npm start',
    '',
    `Then sign up at http://localhost:${port}, create a key on the Keys page, and call what the recordings answer`,
    '(anything else was not recorded: the replay has no answer and the API says 502):',
    '',
    `  KEY=ak_live_…`,
  ];
  for (const r of replayed) {
    // News has no platform per call: the worker reads the feeds (at start, then every 10 minutes).
    lines.push(
      `  # ${r.family}${r.family === 'news' ? ' (articles appear once the worker has read the replayed feeds, seconds after the start)' : ''}`,
    );
    for (const input of r.inputs) lines.push(`  curl -H "X-API-Key: $KEY" 'http://localhost:${apiPort}${call(input)}'`);
  }
  return lines.join('\n');
}
