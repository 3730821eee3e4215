// The source of each endpoint as /status shows it: live, upstream, sandbox, or live but missing
// credentials (the family's adapter cannot be used and another source answers meanwhile), and
// the count of endpoints with a live source.
import { describe, expect, test } from 'vitest';
import { dataEndpoints } from '../../registry';
import type { Family } from '../../registry/types';
import { testAdapter } from '../live/__tests__/support/test-adapter';
import type { LiveAdapter } from '../live/types';
import { summarizeSources, type SourceSummary } from '../source-summary';

const adapter = (family: Family, paths: string[], extra: Partial<LiveAdapter> = {}): LiveAdapter => ({
  ...testAdapter(),
  family,
  paths: paths as LiveAdapter['paths'],
  ...extra,
});

const adapters: Partial<Record<Family, LiveAdapter>> = {
  textthreads: adapter('textthreads', ['/v1/textthreads/user/posts']),
  newsletter: adapter('newsletter', ['/v1/newsletter/publication'], {
    sandboxReasons: { '/v1/newsletter/users': 'the platform has no public profile search' },
  }),
  videosite: adapter('videosite', ['/v1/videosite/channel'], {
    unavailableReason: (env) => (env.LIVE_VIDEOSITE_API_KEY ? undefined : 'LIVE_VIDEOSITE_API_KEY is not set'),
  }),
};

/** path -> [source, servedBy, reason] for every endpoint. */
function bySource(summary: SourceSummary) {
  return Object.fromEntries(
    summary.families.flatMap((f) => f.endpoints.map((e) => [e.path, [e.source, e.servedBy, e.reason]])),
  );
}

describe('the source of each endpoint', () => {
  test('every data endpoint is listed once, under its family', () => {
    const summary = summarizeSources({}, adapters);
    const listed = summary.families.flatMap((f) => f.endpoints.map((e) => e.path));
    expect(listed.sort()).toEqual(dataEndpoints.map((e) => e.path).sort());
    expect(summary.endpointCount).toBe(dataEndpoints.length);
    for (const family of summary.families) expect(family.endpoints.map((e) => e.path)).toEqual(family.paths);
  });

  test('on the sandbox every endpoint says sandbox and none is live', () => {
    const summary = summarizeSources({ DATA_SOURCE: 'sandbox' }, adapters);
    expect(summary.liveEndpoints).toBe(0);
    expect(new Set(Object.values(bySource(summary)).map(([source]) => source))).toEqual(new Set(['sandbox']));
  });

  test('live, upstream, sandbox with a reason, and live but missing credentials, each on its endpoint', () => {
    const summary = summarizeSources(
      {
        DATA_SOURCE: 'live',
        UPSTREAM_NEWSLETTER_URL: 'http://upstream.test',
        DATA_SOURCE_FORUMSITE: 'upstream',
        UPSTREAM_FORUMSITE_URL: 'http://forum-upstream.test',
      },
      adapters,
    );
    const sources = bySource(summary);
    expect(sources['/v1/textthreads/user/posts']).toEqual(['live', 'live', null]);
    expect(sources['/v1/newsletter/publication']).toEqual(['live', 'live', null]);
    // The family's other paths go to its fallback, the upstream here, with the adapter's reason.
    expect(sources['/v1/newsletter/users']).toEqual([
      'upstream',
      'upstream',
      'the platform has no public profile search',
    ]);
    expect(sources['/v1/newsletter/notes']).toEqual(['upstream', 'upstream', null]);
    expect(sources['/v1/videosite/channel']).toEqual([
      'live_missing_credentials',
      'sandbox',
      'LIVE_VIDEOSITE_API_KEY is not set',
    ]);
    // Paths the adapter does not serve are plain sandbox, credentials or not.
    expect(sources['/v1/videosite/videos']).toEqual(['sandbox', 'sandbox', null]);
    expect(sources['/v1/forumsite/community/posts']).toEqual(['upstream', 'upstream', null]);
    expect(sources['/v1/shop/products']).toEqual(['sandbox', 'sandbox', null]);
    expect(summary.liveEndpoints).toBe(2);
  });

  test('with the credentials set the endpoint is live and counted', () => {
    const summary = summarizeSources({ DATA_SOURCE: 'live', LIVE_VIDEOSITE_API_KEY: 'k' }, adapters);
    expect(bySource(summary)['/v1/videosite/channel']).toEqual(['live', 'live', null]);
    expect(summary.liveEndpoints).toBe(3);
  });

  test('a setting the API refuses lists every endpoint on the sandbox with the error, none live', () => {
    const summary = summarizeSources({ DATA_SOURCE: 'everything' }, adapters);
    expect(summary.error).toMatch(/DATA_SOURCE must be sandbox or live/);
    expect(summary.liveEndpoints).toBe(0);
    expect(summary.endpointCount).toBe(dataEndpoints.length);
  });
});
