// npm run bench:api-ab -- <other checkout>: this tree's API server against another checkout's (a
// worktree of an earlier commit, with its node_modules), on one database, loaded in turn for
// several rounds so that the machine's drift (a VM's neighbours, frequency) falls on both alike.
// bench:api measures one tree at a time, minutes apart; its figures from two runs differ by more
// than most changes do. Prints each round and the medians of req/s and the server's CPU per call.
import path from 'node:path';
import autocannon from 'autocannon';
import { treeCpuMs } from './api/load';
import { prepareDatabase, start } from './api/setup';

const other = process.argv[2];
const url = process.env.DATABASE_URL;
if (!other || !url) {
  console.error('usage: DATABASE_URL=<an empty database> npm run bench:api-ab -- <path of the other checkout>');
  process.exit(2);
}
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const seconds = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const callPath = '/v1/socialnet/locations?query=berlin';
// The two ports after the eight bench:api uses.
const port = Number(process.env.BENCH_PORT_BASE ?? 3871) + 8;

/** The API server of the checkout at `cwd`, one process, as bench:api starts its own. */
const startApi = (cwd: string, port: number) =>
  start(
    'lib/api/process/main.ts',
    { DATABASE_URL: url, API_HOST: '127.0.0.1', API_PORT: String(port), API_WORKERS: '1', REDIS_URL: '' },
    [],
    cwd,
  );

const { client, keys } = await prepareDatabase(url, false);
const servers = [
  { name: 'this tree', child: await startApi(process.cwd(), port), port, rps: [] as number[], cpu: [] as number[] },
  {
    name: path.resolve(other),
    child: await startApi(other, port + 1),
    port: port + 1,
    rps: [] as number[],
    cpu: [] as number[],
  },
];

let nextKey = 0;
const load = (port: number, duration: number) =>
  autocannon({
    url: `http://127.0.0.1:${port}${callPath}`,
    connections: 50,
    duration,
    // One key per connection, five connections per account: within each account's limit of 10.
    setupClient: (c: { setHeaders(headers: Record<string, string>): void }) =>
      c.setHeaders({ 'x-api-key': keys[nextKey++ % keys.length]! }),
  } as autocannon.Options);

for (const server of servers) await load(server.port, 8); // warm-up: JIT, caches, plans
for (let round = 0; round < rounds; round++) {
  for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
    const before = treeCpuMs([server.child.pid!]);
    const result = await load(server.port, seconds);
    if (result.non2xx || result.errors)
      throw new Error(`${server.name}: ${result.non2xx + result.errors} calls failed`);
    server.rps.push(Math.round(result.requests.average));
    server.cpu.push(Math.round(((treeCpuMs([server.child.pid!]) - before) * 1000) / result.requests.total));
  }
  console.log(`round ${round + 1}: ${servers.map((s) => `${s.rps.at(-1)} req/s ${s.cpu.at(-1)} µs`).join(' | ')}`);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const s of servers)
  console.log(`${s.name}: median ${median(s.rps)} req/s, ${median(s.cpu)} µs server CPU per call`);
for (const s of servers) s.child.kill();
await client.end();
