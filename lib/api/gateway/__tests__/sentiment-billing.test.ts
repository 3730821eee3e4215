// get_sentiment through the real gateway and database: what is read (a post's title with its
// text) and what is charged (the surcharge only for a call whose records were given a sentiment),
// the headers, the ledger, the daily rollup and the request log agreeing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { listUsageRequests } from '@/lib/server/usage/list-usage-requests';
import { requestLogQuerySchema } from '@/lib/validation/usage';
import { SENTIMENT_SURCHARGE_MICROS } from '../../pricing';
import type { Provider } from '../../registry/types';
import { billing, byPath } from '../../__tests__/support/cases';
import { newAccountWithKey, startTestApi, type TestAccount, type TestApi } from '../../__tests__/support/harness';

const POSTS = '/v1/forumsite/community/posts';
const PRICE = byPath(POSTS).priceMicros;
const ANGRY_TITLE = 'This is outrageous, I am furious and disgusted with these liars!!';
const LINK = 'https://example.com/story/123';

const post = (title: string, snippet: string) => ({ post_id: 'p1', title, snippet, url: LINK });

/** Forumsite posts by community name: what a platform may send. */
const provider: Provider = {
  async call(_endpoint, params) {
    const pages = Number(params.pages ?? 1);
    const posts =
      params.community === 'angry'
        ? [post(ANGRY_TITLE, LINK), post('', '')]
        : params.community === 'links'
          ? [post('', LINK), post('', ''), post('', '  ')]
          : [post('A quiet garden', 'Tomatoes are growing well this year.')];
    return {
      body: { posts: Array.from({ length: pages }, () => posts).flat(), pages, count: pages },
      pagesReturned: pages,
    };
  },
};

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ providerFor: () => provider });
});
afterAll(async () => {
  await api?.close();
});

/** An account with its 50 free units of posts used, so that every unit after is billed. */
async function payingAccount(): Promise<TestAccount> {
  const account = await newAccountWithKey({ payment: 'card' });
  for (const pages of [40, 10]) {
    const response = await api.get(POSTS, { key: account.key, params: { community: 'garden', pages } });
    expect(response.status).toBe(200);
  }
  return account;
}

/** The call as the client, the ledger, the day's rollup and the request log each saw it. */
async function seen(account: TestAccount, response: Response) {
  const id = response.headers.get('x-request-id')!;
  const event = await db.usageEvent.findUniqueOrThrow({ where: { id } });
  const daily = await db.usageDaily.findMany({ where: { accountId: account.accountId, endpoint: event.endpoint } });
  const log = await listUsageRequests({
    accountId: account.accountId,
    query: requestLogQuerySchema.parse({ requestId: id }),
  });
  const row = log.requests[0]!;
  return {
    headers: billing(response),
    ledger: { sentiment: event.sentiment, amount: Number(event.amountMicros), units: event.units },
    log: { sentiment: row.sentiment, amount: row.amountMicros, units: row.units },
    sentimentUnits: daily.reduce((sum, d) => sum + d.sentimentUnits, 0),
  };
}

describe('get_sentiment reads what a person reads and charges only for sentiment given', () => {
  test('an angry title over a bare link gets a sentiment, read from the title, and the pages are surcharged', async () => {
    const account = await payingAccount();
    const response = await api.get(POSTS, {
      key: account.key,
      params: { community: 'angry', pages: 3, get_sentiment: true },
    });
    expect(response.status).toBe(200);
    const { posts } = (await response.json()) as { posts: { title: string; sentiment: { polarity: string } | null }[] };
    expect(posts).toHaveLength(6);
    expect(posts[0]!.sentiment).toMatchObject({ polarity: 'negative' });
    // A record without a word to read gets null; the page it is on still carries a sentiment.
    expect(posts[1]!.sentiment).toBeNull();
    const amount = 3 * (PRICE + SENTIMENT_SURCHARGE_MICROS);
    expect(await seen(account, response)).toEqual({
      headers: { units: 3, free: 0, amount, remaining: 0 },
      ledger: { sentiment: true, amount, units: 3 },
      log: { sentiment: true, amount, units: 3 },
      sentimentUnits: 3,
    });
  });

  test('records with nothing to read (empty, blank, a bare link) get null and the call is not surcharged', async () => {
    const account = await payingAccount();
    const response = await api.get(POSTS, {
      key: account.key,
      params: { community: 'links', pages: 2, get_sentiment: true },
    });
    expect(response.status).toBe(200);
    const { posts } = (await response.json()) as { posts: { sentiment: unknown }[] };
    expect(posts.map((p) => p.sentiment)).toEqual([null, null, null, null, null, null]);
    const amount = 2 * PRICE;
    expect(await seen(account, response)).toEqual({
      headers: { units: 2, free: 0, amount, remaining: 0 },
      ledger: { sentiment: false, amount, units: 2 },
      log: { sentiment: false, amount, units: 2 },
      sentimentUnits: 0,
    });
  });

  test.each([
    ['/v1/forumsite/community/posts', 'snippet'],
    ['/v1/forumsite/posts', 'snippet'],
    ['/v1/news/articles', 'snippet'],
    ['/v1/videosite/videos', 'description'],
  ])('%s reads the title a person wrote with the text', (path, text) => {
    expect(byPath(path).sentimentTarget).toMatchObject({ title: 'title', text });
  });
});
