// What a bench run prints: the run's conditions, the table's header and its rows.
import os from 'node:os';
import type { Measurement } from './load';
import { type Case, connections, cores, seconds } from './settings';

/** The run's conditions and the table's header. */
export function printHeader(accounts: number): void {
  console.log(
    `${connections} connections, ${seconds} s per measurement, loopback, this machine (${cores} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'})`,
  );
  console.log(
    `${accounts} accounts billed by invoice, 5 connections each; load generator, servers and PostgreSQL share the cores\n`,
  );
  console.log('                                                                   CPU µs per call');
  console.log('case     server        req/s  p50 ms  p99 ms  KB/resp  non-2xx   server    pg  load');
}

/** One row of the table: the case, the server, its throughput, latency, size, failures and CPU per call. */
export function row(c: Case, label: string, r: Measurement, usesDatabase = r.received.size > 0): void {
  const kb = r.rps ? r.bytes / r.rps / 1024 : 0;
  // The baselines use no database: PostgreSQL's figure is only meaningful for the gateway rows.
  const database = r.cpu.database === null || !usesDatabase ? '    -' : r.cpu.database.toFixed(0).padStart(5);
  const cpu = `${r.cpu.server.toFixed(0).padStart(5)} ${database} ${r.cpu.client.toFixed(0).padStart(5)}`;
  console.log(
    `${`${c.name} `.padEnd(9)}${label.padEnd(12)}${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${kb.toFixed(1).padStart(8)} ${String(r.non2xx).padStart(8)}   ${cpu}`,
  );
}
