// The production API server (lib/api/process/main.ts) as a child process on a free loopback port,
// on the test database, for tests about the process itself: crashes, limits, memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { API_SERVER_BUNDLE_ENV } from '@/lib/testing/build-test-servers';
import { apiServerArgs, apiServerNodeFlags } from '../../process/node-flags';

/** The bundle built for this run (Vitest's global setup), else the source through tsx. */
const bundle = process.env[API_SERVER_BUNDLE_ENV];
const serverArgs = bundle ? [...apiServerNodeFlags, bundle] : apiServerArgs;
const entry = bundle ?? 'lib/api/process/main.ts';

const children: ChildProcess[] = [];

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * Starts the server and resolves once it listens; `env` adds to the test process's environment.
 * One process unless `env` sets API_WORKERS (its default is one per core).
 */
export async function startApiServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, serverArgs, {
    env: { ...process.env, API_PORT: String(port), API_HOST: '127.0.0.1', REDIS_URL: '', API_WORKERS: '1', ...env },
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

/**
 * Process ids of an API server's workers (API_WORKERS > 1): its children running the server, not
 * others it has (tsx's esbuild service).
 */
export function workerPids(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`)
    .flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    )
    .filter((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(entry);
      } catch {
        return false; // exited meanwhile
      }
    });
}

/** Whether a process has exited (a zombie not yet reaped by its new parent counts as exited). */
export function hasExited(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** Resolves once a new connection to the port is refused (the server stopped listening). */
export async function whenRefusingConnections(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return;
    await new Promise((r) => setImmediate(r));
  }
}
