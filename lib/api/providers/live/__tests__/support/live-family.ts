// One live family as its tests run it: the API (live-api.ts) with the family live against a replay
// server answering the platform's paths from the family's recordings (its support/routes.ts), the
// cache off. The settings that point a family at its replay server are the same for every family,
// so they are written here once; a family's tests add only what they are about (a key, a timeout).
import type { Family } from '@/lib/api/registry/types';
import { startLiveApi, type LiveApi, type LiveApiOptions } from './live-api';
import type { ReplayServer } from './replay-server';

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
