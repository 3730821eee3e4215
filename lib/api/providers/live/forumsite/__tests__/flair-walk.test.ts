// A flair filter walks the platform's cursor past pages without that flair, and stops at 12
// platform requests however long the listing runs (the platform ends a listing near 1,000 posts,
// 10 requests). Counted as the replay server receives them, through the real gateway.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { newAccountWithKey } from '@/lib/api/__tests__/support/harness';
import { billedUnits } from '../../__tests__/support/live-api';
import { unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import type { ReplayRoute } from '../../__tests__/support/replay-server';
import { forumsiteAdapter } from '..';

const LISTING = '/r/popular/hot.json';
const recorded = path.resolve(import.meta.dirname, '../../../../../../data/live/forumsite/listings/popular-hot-1.json');

/**
 * A listing that never ends: r/popular's recorded first page (100 posts, none of them flaired
 * "no such flair") served for every cursor, each copy's `after` changed to the next cursor (the
 * only change to the recording), 20 pages in all.
 */
function endlessListing(pages: number): ReplayRoute[] {
  const page = JSON.parse(readFileSync(recorded, 'utf8')) as { data: { after: string | null } };
  return Array.from({ length: pages }, (_, i) => ({
    path: LISTING,
    query: { limit: '100', raw_json: '1', ...(i === 0 ? {} : { after: `t3_walk${i}` }) },
    body: { ...page, data: { ...page.data, after: `t3_walk${i + 1}` } },
  }));
}

describe('a flair walk', () => {
  const live = useLiveFamily('forumsite', endlessListing(20), unhurried('forumsite'), {
    adapters: { forumsite: forumsiteAdapter },
  });

  test('stops at 12 platform requests when the flair is not found, answering no posts and billing none', async () => {
    const account = await newAccountWithKey();
    const response = await live.api.get('/v1/forumsite/community/posts', {
      key: account.key,
      params: { community: 'popular', flair: 'no such flair', pages: 1 },
    });
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 200,
      body: { posts: [], pages: 0, count: 0 },
    });
    expect(live.replay.count(LISTING)).toBe(12);
    expect(live.replay.requests.at(-1)?.query.after).toBe('t3_walk11');
    expect(live.replay.unmatched).toEqual([]);
    expect(await billedUnits(account, response)).toBe(0);
  });
});
