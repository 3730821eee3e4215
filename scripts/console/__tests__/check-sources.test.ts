// npm run console -- check-sources: each live source called once through its adapter (a tiny
// adapter on the replay server here), a line per family, exit 1 when a live source fails.
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/lib/api/providers/live/__tests__/support/replay-server';
import { testAdapter, testRoutes } from '@/lib/api/providers/live/__tests__/support/test-adapter';
import { forumsiteRoutes } from '@/lib/api/providers/live/forumsite/__tests__/support/routes';
import { registerRunningSources } from '@/lib/api/providers/running-sources';
import { checkSources, formatChecks } from '../check-sources';
import { consoleArgs } from '@/lib/testing/console-command';

function cli(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      consoleArgs(args),
      { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

// Tests that start the operator command line (a tsx process each time) take tens of seconds on a
// busy 2-core machine: 120 s each, as the other console command tests.
describe('check-sources', { timeout: 120_000 }, () => {
  let replay: ReplayServer;
  const adapters = { textthreads: testAdapter() };
  const env = () => ({ DATA_SOURCE: 'live', LIVE_TEXTTHREADS_URL: replay.url });

  beforeAll(async () => {
    replay = await startReplayServer(testRoutes);
  });
  afterAll(() => replay.close());

  test('calls a live source once and prints ok with the latency; the other families are listed, not called', async () => {
    const before = replay.count();
    const checks = await checkSources({ env: env(), adapters });
    expect(replay.count() - before).toBe(1);
    const lines = formatChecks(checks);
    expect(lines.find((l) => l.startsWith('textthreads'))).toMatch(
      /^textthreads\s+ok\s+\d+ ms\s+GET \/v1\/textthreads\/user\/posts\?username=alice$/,
    );
    expect(lines.find((l) => l.startsWith('shop'))).toMatch(/^shop\s+-\s+sandbox, not checked$/);
  });

  test('prints the error of a failing live source', async () => {
    replay.fault({ status: 503 });
    const logs: string[] = [];
    const checks = await checkSources({ env: env(), adapters, log: (m) => logs.push(m) });
    const line = formatChecks(checks).find((l) => l.startsWith('textthreads'));
    expect(line).toMatch(/FAILED\s+502 upstream_error: The textthreads platform answered 503/);
    expect(logs.join('\n')).toContain('answered 503');
  });

  test('the command exits 0 and says so when no family is live', async () => {
    const { status, stdout } = await cli({ DATA_SOURCE: 'sandbox' }, 'check-sources');
    expect(status).toBe(0);
    expect(stdout).toContain('No family is live');
    expect(stdout).toMatch(/^forumsite\s+-\s+sandbox, not checked$/m);
  });

  test('the command exits 1 naming the variable when the sources are misconfigured', async () => {
    const { status, stderr } = await cli({ DATA_SOURCE_SHOP: 'live' }, 'check-sources');
    expect(status).toBe(1);
    expect(stderr).toContain('DATA_SOURCE_SHOP=live');
  });

  test("the command checks a registered adapter (forumsite, on its recordings): exit 0 with ok, exit 1 with the platform's error", async () => {
    const forum = await startReplayServer(forumsiteRoutes);
    try {
      const env = { DATA_SOURCE_FORUMSITE: 'live', LIVE_FORUMSITE_URL: forum.url };
      const ok = await cli(env, 'check-sources');
      expect(ok.status).toBe(0);
      expect(ok.stdout).toMatch(/^forumsite\s+ok\s+\d+ ms\s+GET \/v1\/forumsite\/community\?community=announcements$/m);
      expect(ok.stdout).toMatch(/^politicnet\s+-\s+sandbox, not checked$/m);
      // Every live endpoint of the adapter is called: its probe, then its further probes.
      for (const path of ['/v1/forumsite/community/posts', '/v1/forumsite/posts', '/v1/forumsite/post/comments'])
        expect(ok.stdout).toMatch(
          new RegExp(`^forumsite\\s+ok\\s+\\d+ ms\\s+GET ${path.replace(/\//g, '\\/')}\\?`, 'm'),
        );
      expect(forum.unmatched).toEqual([]);
      forum.fault({ status: 503 });
      const failed = await cli(env, 'check-sources', '--family', 'forumsite');
      expect(failed.status).toBe(1);
      expect(failed.stdout).toMatch(/^forumsite\s+FAILED\s+502 upstream_error/m);
      expect(failed.stderr).toContain('1 of 1 live source failed: forumsite');
    } finally {
      await forum.close();
    }
  });

  test('the command checks the sources of the app running on this database, which npm start registered, and says so', async () => {
    const forum = await startReplayServer(forumsiteRoutes);
    // What `npm start` registers for its database (here the test database the command uses).
    const unregister = registerRunningSources(process.env.DATABASE_URL!, {
      DATA_SOURCE_FORUMSITE: 'live',
      LIVE_FORUMSITE_URL: forum.url,
      PATH: '/usr/bin',
    });
    try {
      // The operator's shell has none of the app's settings.
      const shell = { DATA_SOURCE: 'sandbox', DATA_SOURCE_FORUMSITE: '', LIVE_FORUMSITE_URL: '' };
      const app = await cli(shell, 'check-sources', '--family', 'forumsite');
      expect(app.status, app.stderr).toBe(0);
      expect(app.stdout).toMatch(
        /^Checking the running app's source settings \(npm start, pid \d+, started [\d-]+ [\d:]+ UTC\): DATA_SOURCE_FORUMSITE=live, LIVE_FORUMSITE_URL set$/m,
      );
      expect(app.stdout).toMatch(/^forumsite\s+ok\s+\d+ ms/m);
      expect(app.stdout).not.toContain('No family is live');
      expect(app.stdout).not.toContain(forum.url); // an address may carry credentials

      const own = await cli(shell, 'check-sources', '--family', 'forumsite', '--settings', 'shell');
      expect(own.status).toBe(0);
      expect(own.stdout).toContain("Checking this shell's source settings (--settings shell): DATA_SOURCE=sandbox");
      expect(own.stdout).toMatch(/^forumsite\s+-\s+sandbox, not checked$/m);
    } finally {
      unregister();
      await forum.close();
    }
    const none = await cli({ DATA_SOURCE: 'sandbox' }, 'check-sources', '--family', 'forumsite');
    expect(none.stdout).toContain("Checking this shell's source settings (no app is running on this database)");
  });
});
