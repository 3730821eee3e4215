// One live family as its tests run it: the API (live-api.ts) with the family live against a replay
// server answering the platform's paths from the family's recordings (its support/routes.ts), the
// cache off. The settings that point a family at its replay server are the same for every family,
// so they are written here once; a family's tests add only what they are about (a key, a timeout).
//
// - useLiveFamily(family, routes, env?) in a describe block: one replay server and API for its tests.
// - startLiveFamily(family, routes, env?) in a test: a replay server and API of its own; the test
//   closes it (onTestFinished(live.close)).
// - startFamilyApi(family, replay, env?): another API on a replay server that is already running
//   (other settings against the same recordings); the test closes it.
import { afterAll, beforeAll } from 'vitest';
import type { Family } from '@/lib/api/registry/types';
import { startLiveApi, type LiveApi, type LiveApiOptions } from './live-api';
import { startReplayServer, type ReplayRoute, type ReplayServer } from './replay-server';

/** A family's API and the replay server standing in for its platform. */
export interface LiveFamily extends LiveApi {
  replay: ReplayServer;
  /** Stops the API, then the replay server. */
  close(): Promise<void>;
}

/** DATA_SOURCE=live, the family's platform at the replay server, nothing cached; then `env`. */
function liveFamilyEnv(family: Family, replay: ReplayServer, env: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_SOURCE: 'live',
    [`LIVE_${family.toUpperCase()}_URL`]: replay.url,
    LIVE_CACHE_SECONDS: '0',
    ...env,
  };
}

/** Politeness limits high enough that the bucket never makes a call wait (politeness has tests of its own). */
export function unhurried(family: Family): Record<string, string> {
  const name = family.toUpperCase();
  return { [`LIVE_${name}_REQUESTS_PER_MINUTE`]: '6000', [`LIVE_${name}_BURST`]: '100' };
}

/** The API with the family live against a replay server that is already running (a second API on other settings). */
export function startFamilyApi(
  family: Family,
  replay: ReplayServer,
  env: Record<string, string> = {},
  options: LiveApiOptions = {},
): Promise<LiveApi> {
  return startLiveApi(liveFamilyEnv(family, replay, env), options);
}

/** A replay server answering `routes` and the API with the family live against it. */
export async function startLiveFamily(
  family: Family,
  routes: readonly ReplayRoute[],
  env: Record<string, string> = {},
  options: LiveApiOptions = {},
): Promise<LiveFamily> {
  const replay = await startReplayServer(routes);
  let live: LiveApi;
  try {
    live = await startFamilyApi(family, replay, env, options);
  } catch (error) {
    await replay.close();
    throw error;
  }
  return {
    ...live,
    replay,
    async close() {
      await live.close();
      await replay.close();
    },
  };
}

/**
 * startLiveFamily for the tests of a describe block: started before them, closed after them. Its
 * parts are read in tests and hooks (`live.api`, `live.replay`, `live.logs`), not while the block
 * is collected, since they exist only once it has started.
 */
export function useLiveFamily(
  family: Family,
  routes: readonly ReplayRoute[],
  env: Record<string, string> = {},
  options: LiveApiOptions = {},
): Omit<LiveFamily, 'close'> {
  let live: LiveFamily | undefined;
  beforeAll(async () => {
    live = await startLiveFamily(family, routes, env, options);
  });
  afterAll(async () => {
    await live?.close();
    live = undefined;
  });
  const started = (): LiveFamily => {
    if (!live) throw new Error(`the live ${family} family is started in beforeAll: read it in a test or hook`);
    return live;
  };
  return {
    get api() {
      return started().api;
    },
    get resolver() {
      return started().resolver;
    },
    get logs() {
      return started().logs;
    },
    get replay() {
      return started().replay;
    },
  };
}
