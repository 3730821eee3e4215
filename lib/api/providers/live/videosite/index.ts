// The videosite live adapter: GET /v1/videosite/channel from the YouTube Data API v3
// (channels.list) with the operator's API key, LIVE_VIDEOSITE_API_KEY; without one the family
// stays on its sandbox. Lookups and errors: ./client.ts; the record: ./map.ts; the field table:
// docs/data-sources.md. Each request the API answers spends 1 unit of the key's daily quota,
// counted in LiveQuotaUsage for /status.
import { recordQuotaUnits } from '../quota';
import type { LiveAdapter } from '../types';
import { QUOTA_TIME_ZONE, QuotaSpentError, findChannel, lookupsFor, type ChannelParams } from './client';
import { toVideositeChannel } from './map';

type EnvRecord = Readonly<Record<string, string | undefined>>;

export function videositeApiKey(env: EnvRecord): string | undefined {
  return env.LIVE_VIDEOSITE_API_KEY?.trim() || undefined;
}

export const videositeAdapter: LiveAdapter = {
  family: 'videosite',
  defaultBaseUrl: 'https://www.googleapis.com',
  site: { source: 'YouTube', domain: 'youtube.com' },
  // Google's per-minute limits are far above this; the binding limit is the key's daily quota
  // (10,000 units, one call each, by default). The bucket only smooths bursts.
  politeness: { requestsPerMinute: 60, burst: 20, concurrency: 4 },
  paths: ['/v1/videosite/channel'],
  // Google for Developers, by id: one unit.
  probe: { path: '/v1/videosite/channel', query: { id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw' } },
  unavailableReason: (env) =>
    videositeApiKey(env)
      ? undefined
      : 'LIVE_VIDEOSITE_API_KEY is not set: the YouTube Data API v3 answers only with an API key',
  dailyQuota: { timeZone: QUOTA_TIME_ZONE },
  createProvider({ platform, env, log, sql }) {
    const apiKey = videositeApiKey(env);
    // resolveSources keeps the family off live without a key; this guards any other caller.
    if (!apiKey) throw new Error('LIVE_VIDEOSITE_API_KEY is not set');
    /** Until the quota day ends after a quotaExceeded, calls are answered 429 without asking Google. */
    let quotaSpentUntil = 0;
    const spend = async (units: number) => {
      try {
        await recordQuotaUnits(sql, { family: 'videosite', units, at: new Date(), timeZone: QUOTA_TIME_ZONE });
      } catch (error) {
        // The count is for /status; a call is never failed for it.
        log(
          `live videosite: could not count ${units} quota unit(s) in LiveQuotaUsage (${error instanceof Error ? error.name : 'error'})`,
        );
      }
    };
    return {
      async call(_endpoint, params, signal) {
        if (Date.now() < quotaSpentUntil) throw new QuotaSpentError(new Date());
        const query = params as ChannelParams;
        const asked = query.id ?? query.url ?? query.name ?? '';
        try {
          const channel = await findChannel({ platform, apiKey, signal, log, spend }, lookupsFor(query), asked);
          return { body: { channel: toVideositeChannel(channel) }, pagesReturned: 1 };
        } catch (error) {
          if (error instanceof QuotaSpentError) quotaSpentUntil = error.resetsAt.getTime();
          throw error;
        }
      },
    };
  },
};
