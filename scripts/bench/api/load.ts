// Loading a server and measuring it: autocannon's load with the keys, the CPU of the server's
// processes, PostgreSQL's and the load generator's per call, and the units each response billed.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import type pg from 'pg';
import { embeddedDirs } from '../../lib/with-database';
import { profileBreakdown } from '../profile-breakdown';
import { checkBilling } from './billing-check';
import { type Case, connections, profileDir, seconds, warmupSeconds } from './settings';

/** CPU time (user + system, ms) of a process and all its descendants, from /proc: those alive,
 * and those that ended (counted in their parent's time of waited-for children; without it, a
 * PostgreSQL backend that exits takes its CPU time out of the sum). */
export function treeCpuMs(rootPids: number[]): number {
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

export interface Measurement {
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
export const warm = new Set<ChildProcess>();

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

export async function measure(
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

export type MeasureGateway = (
  server: ChildProcess,
  port: number,
  c: Case,
  profile?: boolean,
  duration?: number,
  warmup?: number,
) => Promise<{ result: Measurement; check(quiet?: boolean): Promise<boolean> }>;

/**
 * Measures a gateway after a vacuum (tens of thousands of billing rows per measurement: so that
 * autovacuum does not run during the next one); `check` then verifies the billing invariant.
 */
export function gatewayMeasurer(
  client: pg.Client,
  keys: string[],
): { measureGateway: MeasureGateway; settle: () => Promise<unknown> } {
  const settle = () => client.query('VACUUM ANALYZE "UsageEvent", "UsageMonthly", "UsageDaily", "ApiKey"');
  const measureGateway: MeasureGateway = async (server, port, c, profile = false, duration = seconds, warmup) => {
    await settle();
    const since = new Date();
    const result = await measure(server, port, c, keys, profile, duration, warmup);
    return { result, check: (quiet = false) => checkBilling(client, result.received, since, quiet) };
  };
  return { measureGateway, settle };
}
