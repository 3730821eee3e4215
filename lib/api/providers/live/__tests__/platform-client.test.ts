// The shared platform client as a live source is built from its settings (createLiveShared,
// createLiveSource), against the replay server: how long the page cache keeps a page, read on a
// test clock, and a caller leaving while others wait on the same platform request.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createLiveShared, createLiveSource, type LiveShared } from '..';
import type { PlatformClient } from '../platform-client';
import { startReplayServer, type ReplayServer } from './support/replay-server';
import { testAdapter, testRoutes } from './support/test-adapter';

const PAGE = '/api/users/bob/posts';

let replay: ReplayServer;
const opened: Array<{ shared: LiveShared; platform: PlatformClient }> = [];

beforeAll(async () => {
  replay = await startReplayServer(testRoutes);
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const { shared, platform } of opened.splice(0)) {
    await platform.close();
    await shared.close();
  }
});
afterAll(() => replay.close());

/** The test family's platform client, built as the API process builds it from these settings. */
function platformWith(env: Record<string, string>): PlatformClient {
  const settings = { LIVE_USER_AGENT: 'test-agent/1 (ops@example.test)', ...env };
  const shared = createLiveShared(settings, () => {});
  const { platform } = createLiveSource(testAdapter(), replay.url, settings, shared);
  opened.push({ shared, platform });
  return platform;
}

const ask = (platform: PlatformClient, signal = new AbortController().signal) =>
  platform.request({ path: PAGE, signal });

describe('the page cache', () => {
  test('keeps a page LIVE_CACHE_SECONDS seconds: served from the cache until then, asked again after', async () => {
    // The cache (lru-cache) reads its clock from performance.now(); the test moves that clock.
    let clock = 1_000_000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const advance = async (ms: number) => {
      clock += ms;
      // lru-cache reuses its last reading of the clock for 1 ms of real time (ttlResolution).
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const platform = platformWith({ LIVE_CACHE_SECONDS: '60' });
    const before = replay.count(PAGE);

    expect((await ask(platform)).fromCache).toBe(false);
    await advance(59_000);
    expect((await ask(platform)).fromCache).toBe(true);
    await advance(999);
    expect((await ask(platform)).fromCache).toBe(true);
    expect(replay.count(PAGE) - before).toBe(1);

    await advance(2);
    const after = await ask(platform);
    expect(after.fromCache).toBe(false);
    expect(replay.count(PAGE) - before).toBe(2);
  });
});

describe('one platform request shared by simultaneous callers', () => {
  test('goes on for the others when one caller leaves', async () => {
    const platform = platformWith({ LIVE_CACHE_SECONDS: '60' });
    const before = replay.count();
    const release = replay.hold();
    try {
      const leaving = new AbortController();
      const left = ask(platform, leaving.signal);
      const staying = ask(platform);
      await replay.whenReceived(before + 1);
      leaving.abort(new Error('client closed the connection'));
      await expect(left).rejects.toThrow('client closed the connection');
      release();
      const answer = await staying;
      expect(answer).toMatchObject({ status: 200, joined: true, fromCache: false });
      expect(answer.body).toMatchObject({ posts: [{ id: '4', text: 'only' }] });
      expect(replay.count() - before).toBe(1);
    } finally {
      release();
    }
  });
});
