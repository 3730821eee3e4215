// Serves the live adapters' recordings on loopback, to try DATA_SOURCE=live without the network:
//   npx tsx scripts/live-replay.ts [forumsite politicnet openmicro]
// starts one replay server per family (its route table, lib/api/providers/live/<family>/__tests__/
// routes.ts, export <family>Routes, and <family>ReplayEnv for other settings it needs, such as a key)
// and prints the LIVE_<FAMILY>_URL settings to start the app with.
// Ctrl-C stops them. Ports from LIVE_REPLAY_PORT (default 4600) upwards.
import { existsSync } from 'node:fs';
import { startReplayServer, type ReplayServer } from '@/lib/api/providers/live/__tests__/replay-server';
import { liveAdapters } from '@/lib/api/providers/live/adapters';

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(liveAdapters);
const firstPort = Number(process.env.LIVE_REPLAY_PORT ?? 4600);
const servers: ReplayServer[] = [];
const settings: string[] = [];

for (const [index, family] of wanted.entries()) {
  const file = `lib/api/providers/live/${family}/__tests__/routes.ts`;
  if (!existsSync(file)) {
    console.error(`${family}: no route table at ${file}`);
    process.exitCode = 2;
    continue;
  }
  const module = (await import(`../${file}`)) as Record<string, unknown>;
  const routes = module[`${family}Routes`];
  if (!Array.isArray(routes)) {
    console.error(`${family}: ${file} exports no ${family}Routes`);
    process.exitCode = 2;
    continue;
  }
  const server = await startReplayServer(routes, { port: firstPort + index });
  servers.push(server);
  const extra = Object.entries((module[`${family}ReplayEnv`] ?? {}) as Record<string, string>).map(
    ([name, value]) => ` ${name}=${value}`,
  );
  settings.push(
    `DATA_SOURCE_${family.toUpperCase()}=live LIVE_${family.toUpperCase()}_URL=${server.url}${extra.join('')}`,
  );
  console.log(`${family}: ${routes.length} recorded answers at ${server.url}`);
}
if (servers.length > 0) {
  console.log(`\nStart the app against them:\n  ${settings.join(' ')} npm run dev\n`);
  const stop = async () => {
    await Promise.all(servers.map((s) => s.close()));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
