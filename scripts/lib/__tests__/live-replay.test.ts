// scripts/live-replay.ts, the recordings served to try DATA_SOURCE=live by hand: what it prints
// must work as printed. Its command starts the app on the ports the user chose, every recorded
// input it lists is answered by the replay, and the platforms' politeness limits do not make a
// local replay's calls queue.
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, test } from 'vitest';
import { callProvider } from '@/lib/api/gateway/provider-call';
import { createProviderResolver } from '@/lib/api/providers';
import { liveAdapters } from '@/lib/api/providers/live/adapters';
import { findEndpoint } from '@/lib/api/registry';
import { checkSources } from '../../console/check-sources';
import { freePort } from '@/lib/api/__tests__/support/api-server-process';
import { replayInstructions, startLiveReplay, type ReplayedFamily } from '../live-replay';

const started: ReplayedFamily[] = [];
afterAll(() => Promise.all(started.map((r) => r.server.close())));

/** The app's environment as the printed command sets it. */
const settingsOf = (replayed: readonly ReplayedFamily[]) => Object.assign({}, ...replayed.map((r) => r.settings));

describe('the live replay', { timeout: 120_000 }, () => {
  test('prints npm start on the ports the user chose, and the calls each family answers', async () => {
    const replayPort = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/live-replay.ts', 'forumsite', 'textthreads'], {
      env: { ...process.env, PORT: '3456', API_PORT: '3457', LIVE_REPLAY_PORT: String(replayPort) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk;
          if (output.includes('Start the app')) setTimeout(resolve, 1_000); // and the lines after it
        });
        child.once('exit', (code) => reject(new Error(`live-replay exited (${code}):\n${output}`)));
      });
    } finally {
      child.kill('SIGTERM');
    }
    expect(output).toContain('the console on http://localhost:3456, the API on http://localhost:3457/v1');
    expect(output).toMatch(/^ {2}PORT=3456 API_PORT=3457 \\$/m);
    expect(output).toMatch(/^ {2}npm start$/m);
    expect(output).toContain(`DATA_SOURCE_FORUMSITE='live' LIVE_FORUMSITE_URL='http://127.0.0.1:${replayPort}'`);
    expect(output).toContain("LIVE_FORUMSITE_REQUESTS_PER_MINUTE='60000' LIVE_FORUMSITE_BURST='1000'");
    expect(output).toContain("LIVE_TEXTTHREADS_ACCESS_TOKEN='replay-textthreads-token'");
    // The recorded inputs, as calls to the API on its port.
    expect(output).toContain(
      `curl -H "X-API-Key: $KEY" 'http://localhost:3457/v1/forumsite/community?community=announcements'`,
    );
    expect(output).toContain(
      `curl -H "X-API-Key: $KEY" 'http://localhost:3457/v1/forumsite/post/comments?post_id=3hahrw'`,
    );
    expect(output).toContain(
      `curl -H "X-API-Key: $KEY" 'http://localhost:3457/v1/textthreads/user/posts?username=threadsapitestuser'`,
    );
  });

  test('answers every listed input of every family with the printed settings, without queueing behind politeness', async () => {
    const { replayed, errors } = await startLiveReplay(
      [
        'forumsite',
        'newsletter',
        'openmicro',
        'photonet',
        'places',
        'politicnet',
        'reviewsite',
        'socialnet',
        'textthreads',
        'videosite',
        'websearch',
        'xnet',
      ],
      0,
    );
    started.push(...replayed);
    expect(errors).toEqual([]);
    // No page cache, and no waiting at all: a call that would queue is answered 429 at once.
    const env = { ...settingsOf(replayed), LIVE_CACHE_SECONDS: '0', LIVE_MAX_WAIT_MS: '0' };
    const checks = await checkSources({ env });
    const live = checks.filter((c) => c.ok !== undefined);
    expect(live.length).toBe(replayed.reduce((sum, r) => sum + r.inputs.length, 0));
    expect(live.filter((c) => !c.ok).map((c) => `${c.family}: ${c.detail}`)).toEqual([]);
    for (const r of replayed) expect(r.server.unmatched, r.family).toEqual([]);

    // Forty calls in a row through one API process's source (the forum site allows 10 at once,
    // then 8 a minute): none waits.
    const forum = replayed.find((r) => r.family === 'forumsite')!;
    const resolve = createProviderResolver(env, { adapters: liveAdapters, log: () => {} });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const input = forum.inputs[i % forum.inputs.length]!;
        const endpoint = findEndpoint(input.path)!;
        const { outcome } = await callProvider({
          provider: resolve(endpoint),
          endpoint,
          params: endpoint.params.parse(input.query),
          client: { signal: new AbortController().signal },
          timeoutMs: 10_000,
          analyze: () => null,
          logFailure: () => {},
        });
        statuses.push(outcome.status);
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    } finally {
      await resolve.close();
    }
    expect(replayInstructions(replayed, {})).toContain('PORT=3000 API_PORT=3001');
  });
});
