// The production API server (lib/api/server/main.ts) as a child process on a free loopback port,
// on the test database, for tests about the process itself: crashes, limits, memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';

const children: ChildProcess[] = [];

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Starts the server and resolves once it listens; `env` adds to the test process's environment. */
export async function startApiServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'lib/api/server/main.ts'], {
    env: { ...process.env, API_PORT: String(port), API_HOST: '127.0.0.1', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`API server exited early (${code})`)));
  });
  return child;
}

/** Kills every server this file started (afterAll). */
export function killApiServers(): void {
  children.forEach((c) => c.kill('SIGKILL'));
}

/** Resident memory of a process, in bytes (Linux /proc). */
export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}
