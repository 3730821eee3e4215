// The platforms of the live-<family> cases of npm run bench:api: in one process, one replay server
// per family (lib/api/providers/live/__tests__/support/replay-server.ts, answering the family's route table
// lib/api/providers/live/<family>/__tests__/support/routes.ts, the tests' and scripts/live-replay.ts's
// recordings), for the families in BENCH_REPLAY_FAMILIES (comma-separated), on ports from
// BENCH_REPLAY_PORT upwards in that order. BENCH_REPLAY_CONTROL_PORT answers GET /_count with each
// family's requests answered and unmatched (answered 501) so far, as JSON. The replay servers keep
// every request for the tests; here they are counted and let go each second, so a long run does not
// hold them all in memory.
import http from 'node:http';
import { type ReplayServer, startReplayServer } from '../../lib/api/providers/live/__tests__/support/replay-server';

const families = (process.env.BENCH_REPLAY_FAMILIES ?? '').split(',').filter(Boolean);
const firstPort = Number(process.env.BENCH_REPLAY_PORT ?? 3882);
const controlPort = Number(process.env.BENCH_REPLAY_CONTROL_PORT ?? 3881);

const servers = new Map<string, ReplayServer>();
const counts = new Map<string, { answered: number; unmatched: number; firstUnmatched: string | null }>();
for (const [index, family] of families.entries()) {
  const module = (await import(`../../lib/api/providers/live/${family}/__tests__/support/routes.ts`)) as Record<
    string,
    unknown
  >;
  const routes = module[`${family}Routes`];
  if (!Array.isArray(routes)) throw new Error(`${family}: its routes.ts exports no ${family}Routes`);
  servers.set(family, await startReplayServer(routes, { port: firstPort + index }));
  counts.set(family, { answered: 0, unmatched: 0, firstUnmatched: null });
}

/** Moves the servers' request logs into the counts. */
function tally(): void {
  for (const [family, server] of servers) {
    const count = counts.get(family)!;
    count.answered += server.requests.length;
    count.unmatched += server.unmatched.length;
    const first = server.unmatched[0];
    if (first && !count.firstUnmatched)
      count.firstUnmatched = `${first.method} ${first.path}?${new URLSearchParams(first.query)}`;
    server.requests.length = 0;
    server.unmatched.length = 0;
  }
}
setInterval(tally, 1000).unref();

http
  .createServer((request, response) => {
    if (request.url !== '/_count') return void response.writeHead(404).end();
    tally();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Object.fromEntries(counts)));
  })
  .listen(controlPort, '127.0.0.1', () =>
    console.log(`live replay platforms listening: ${families.map((f, i) => `${f} on ${firstPort + i}`).join(', ')}`),
  );
