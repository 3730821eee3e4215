// The xnet live adapter: GET /v1/xnet/posts from the X API v2 recent search with the operator's
// bearer token (LIVE_XNET_BEARER_TOKEN); without one the family stays on its sandbox. X bills its
// API per use, so every request it answers is counted per UTC day (LiveQuotaUsage) and shown to the
// operator. The request: ./client.ts; the record: ./map.ts; the field table: docs/data-sources.md.
import { walkPages } from '../paging';
import { recordQuotaUnits } from '../quota';
import type { LiveAdapter } from '../types';
import { COUNT_TIME_ZONE, retryAfterFromReset, searchPage } from './client';
import { toXnetPost, type XUser } from './map';
import type { EnvRecord } from '@/lib/env';

function xnetBearerToken(env: EnvRecord): string | undefined {
  return env.LIVE_XNET_BEARER_TOKEN?.trim() || undefined;
}

export const xnetAdapter: LiveAdapter<'/v1/xnet/posts'> = {
  family: 'xnet',
  defaultBaseUrl: 'https://api.x.com',
  site: { source: 'X', domain: 'x.com' },
  // Recent search allows an app 450 requests per 15 minutes (30 a minute); kept to 24 after a
  // burst of 10 (one pages=10 call), 3 in flight.
  politeness: { requestsPerMinute: 24, burst: 10, concurrency: 3 },
  paths: ['/v1/xnet/posts'],
  probe: { path: '/v1/xnet/posts', query: { query: 'Tweepy' } },
  retryAfterSeconds: (headers) => retryAfterFromReset(headers),
  unavailableReason: (env) =>
    xnetBearerToken(env)
      ? undefined
      : 'LIVE_XNET_BEARER_TOKEN is not set: the X API v2 answers only with the bearer token of a developer app with recent search (pay-per-use or a Basic plan)',
  dailyQuota: { timeZone: COUNT_TIME_ZONE },
  createHandlers({ platform, env, log, sql, site }) {
    const token = xnetBearerToken(env);
    // resolveSources keeps the family off live without a token; this guards any other caller.
    if (!token) throw new Error('LIVE_XNET_BEARER_TOKEN is not set');
    const count = async () => {
      try {
        await recordQuotaUnits(sql, { family: 'xnet', units: 1, at: new Date(), timeZone: COUNT_TIME_ZONE });
      } catch (error) {
        // The count is for the operator; a call is never failed for it.
        log(
          `live xnet: could not count a request in LiveQuotaUsage (${error instanceof Error ? error.name : 'error'})`,
        );
      }
    };
    return {
      async '/v1/xnet/posts'(query, signal) {
        const call = { platform, token, signal, log, count };
        const walked = await walkPages(query.pages ?? 1, async (nextToken) => {
          const page = await searchPage(call, query.query, query.sort_by ?? 'most_recent', nextToken);
          const users = new Map<string, XUser>((page.includes?.users ?? []).map((u) => [u.id, u]));
          return { records: (page.data ?? []).map((t) => toXnetPost(t, users, site)), next: page.meta.next_token };
        });
        return {
          body: { posts: walked.records, pages: walked.pagesReturned, count: walked.records.length },
          pagesReturned: walked.pagesReturned,
        };
      },
    };
  },
};
