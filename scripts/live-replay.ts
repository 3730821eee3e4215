// Serves the live adapters' recordings on loopback, to try DATA_SOURCE=live without the network:
//   npx tsx scripts/live-replay.ts [forumsite politicnet openmicro]
// starts one replay server per family (its route table, lib/api/providers/live/<family>/__tests__/
// support/routes.ts, export <family>Routes, and <family>ReplayEnv for other settings it needs, such as a key)
// and prints the command to start the app against them, on the ports in PORT and API_PORT (3000
// and 3001 unless set), with the platforms' politeness limits lifted for the replay, then the
// calls each family's recordings answer (scripts/lib/live-replay.ts).
// Ctrl-C stops them. Replay ports from LIVE_REPLAY_PORT (default 4600) upwards.
import { liveAdapters } from '@/lib/api/providers/live/adapters';
import { replayInstructions, startLiveReplay } from './lib/live-replay';

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(liveAdapters);
const { replayed, errors } = await startLiveReplay(wanted, Number(process.env.LIVE_REPLAY_PORT ?? 4600));
for (const error of errors) console.error(error);
if (errors.length) process.exitCode = 2;
for (const r of replayed) console.log(`${r.family}: ${r.recordings} recorded answers at ${r.server.url}`);
if (replayed.length > 0) {
  console.log(`\n${replayInstructions(replayed, process.env)}\n`);
  const stop = async () => {
    await Promise.all(replayed.map((r) => r.server.close()));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
