// The job worker stops on every deploy: SIGTERM is its normal end, not an error, and a log
// line at error level would page whoever watches the log. The real worker process on a database
// of its own (so that it takes no job other tests queue), stopped as `npm start` and container
// runtimes stop it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations } from '@/lib/db/migrate';

const database = `worker_shutdown_${randomBytes(4).toString('hex')}`;
const base = new URL(process.env.DATABASE_URL!);
const url = Object.assign(new URL(base), { pathname: `/${database}` }).toString();

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE "${database}"`);
  await applyMigrations(url);
}, 60_000);
// Not WITH (FORCE): the app's role may not terminate an autovacuum worker analysing the fresh
// tables (a superuser's process), and FORCE then fails; a plain DROP stops autovacuum itself. The
// worker has exited, but the server may not have seen its connections close yet: a few tries.
afterAll(async () => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await admin(`DROP DATABASE IF EXISTS "${database}"`);
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
});

interface LogLine {
  level: number;
  msg: string;
}

describe('the job worker', () => {
  test('stops on SIGTERM with exit code 0 and nothing logged at warn level or above', { timeout: 60_000 }, async () => {
    const worker = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'lib/jobs/worker.ts'], {
      env: { ...process.env, DATABASE_URL: url, LOG_FORMAT: 'json', LOG_LEVEL: 'info', METRICS_PORT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | string | null>((resolve) =>
      worker.once('exit', (code, signal) => resolve(code ?? signal)),
    );
    await new Promise<void>((resolve, reject) => {
      worker.stdout.on('data', () => output.includes('Worker running') && resolve());
      void exited.then((code) => reject(new Error(`the worker exited early (${code}):\n${output}`)));
    });
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
    expect(
      lines.filter((line) => line.level >= 40).map((line) => line.msg),
      output,
    ).toEqual([]);
    expect(lines.at(-1)?.msg).toMatch(/^Worker stopped/);
  });
});
