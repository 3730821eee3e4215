// GET /v1/newsletter/publication served live from Substack recordings on the replay server,
// through the real gateway and billing: the record, every error path, the cache, the politeness,
// and the family's other paths staying on the sandbox. Nothing is mocked.
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { billedUnits, type LiveApi as Live } from '../../__tests__/support/live-api';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import { startFamilyApi, unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import { startReplayServer, type ReplayServer } from '../../__tests__/support/replay-server';
import { ANGELSANT, EMPTY_HOST, UNKNOWN_HOST, newsletterRoutes } from './support/routes';

const PATH = '/v1/newsletter/publication';
const ARCHIVE = `/${ANGELSANT.host}/api/v1/archive`;
const BY_ID = `/api/v1/posts/by-id/${ANGELSANT.postId}`;

const startLive = (replay: ReplayServer, env: Record<string, string> = {}): Promise<Live> =>
  startFamilyApi('newsletter', replay, env);

describe('newsletter publication from Substack', () => {
  const live = useLiveFamily('newsletter', newsletterRoutes, {
    UPSTREAM_TIMEOUT_MS: '2000',
    ...unhurried('newsletter'),
  });
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test('answers the recorded publication from its newest post, field by field, billed as one request', async () => {
    const response = await live.api.get(PATH, {
      key: account.key,
      params: { publication: 'https://angelsant.substack.com/p/anything' },
    });
    expect(response.status).toBe(200);
    const { publication } = (await response.json()) as { publication: Record<string, unknown> };
    expect(publication).toMatchObject({
      publication_id: ANGELSANT.publicationId,
      name: 'Workflow Forge',
      subdomain: 'angelsant',
      url: 'https://angelsant.substack.com',
      custom_domain: '',
      author: 'angelsant',
      author_name: 'Angel Rodriguez Santiago',
      author_id: '343074721',
      subscriber_count: null,
      subscriber_count_label: 'Hundreds of subscribers',
      ranking_detail: 'Launched 2 months ago',
      paid_enabled: false,
      plans: [],
      podcast: null,
      language: 'en',
      type: 'newsletter',
      created_at: '2025-05-10 15:29:52',
      first_post_date: '2025-05-31 18:39:41',
      source: 'Substack',
      domain: 'substack.com',
    });
    expect(await billedUnits(account, response)).toBe(1);
  });

  test('takes a bare subdomain, and publication_id when it matches the host', async () => {
    const bare = await live.api.get(PATH, { key: account.key, params: { publication: 'angelsant' } });
    expect(bare.status).toBe(200);
    const both = await live.api.get(PATH, {
      key: account.key,
      params: { publication: 'angelsant', publication_id: ANGELSANT.publicationId },
    });
    expect(both.status).toBe(200);
  });

  test.each([
    ['an unknown host (archive 404)', { publication: UNKNOWN_HOST }],
    ['a publication without a post (empty archive)', { publication: EMPTY_HOST }],
    ['a publication_id that is not the host\u2019s publication', { publication: 'angelsant', publication_id: '1' }],
    ['a host of our own network', { publication: 'http://10.0.0.7/' }],
  ])('answers %s with 404 not_found, not billed', async (_name, params) => {
    const response = await live.api.get(PATH, { key: account.key, params });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test('answers publication_id alone with 400 invalid_parameter naming publication, not billed', async () => {
    const before = live.replay.count();
    const response = await live.api.get(PATH, {
      key: account.key,
      params: { publication_id: ANGELSANT.publicationId },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'invalid_parameter',
      error: expect.stringContaining("'publication'"),
    });
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.replay.count()).toBe(before);
  });

  test('a post lookup the platform answers 404 is 404 not_found', async () => {
    live.replay.fault({ status: 404, body: '{}' }, { path: BY_ID });
    const response = await live.api.get(PATH, { key: account.key, params: { publication: 'angelsant' } });
    expect(response.status).toBe(404);
  });

  test('a platform 503 or a body that is not a publication is a logged 502 upstream_error, not billed', async () => {
    live.replay.fault({ status: 503 }, { path: ARCHIVE });
    const failed = await live.api.get(PATH, { key: account.key, params: { publication: 'angelsant' } });
    expect(failed.status).toBe(502);
    expect(await billedUnits(account, failed)).toBe(0);
    live.replay.fault({ status: 200, body: JSON.stringify({ publication: { id: 'x' } }) }, { path: BY_ID });
    const malformed = await live.api.get(PATH, { key: account.key, params: { publication: 'angelsant' } });
    expect(malformed.status).toBe(502);
    expect(await malformed.json()).toMatchObject({ code: 'upstream_error' });
    expect(live.logs.join('\n')).toContain('posts/by-id');
  });

  test('the family\u2019s other paths stay on the sandbox', async () => {
    const before = live.replay.count();
    const response = await live.api.get('/v1/newsletter/users', { key: account.key, params: { query: 'climate' } });
    expect(response.status).toBe(200);
    expect(live.replay.count()).toBe(before);
  });
});

describe('newsletter politeness, rate limits and cache', () => {
  let replay: ReplayServer;
  let account: TestAccount;

  beforeAll(async () => {
    replay = await startReplayServer(newsletterRoutes);
    account = await newAccountWithKey();
  });
  afterEach(() => expect(replay.unmatched).toEqual([]));
  afterAll(() => replay.close());

  test('passes a platform 429 on as 429 upstream_rate_limit with its Retry-After, not billed, and asks no more until then', async () => {
    const live = await startLive(replay, { LIVE_MAX_WAIT_MS: '1000' });
    onTestFinished(live.close);
    replay.fault({ status: 429, headers: { 'retry-after': '90' }, body: '{}' }, { path: ARCHIVE });
    const response = await live.api.get(PATH, { key: account.key, params: { publication: 'angelsant' } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await billedUnits(account, response)).toBe(0);
    const asked = replay.count();
    expect((await live.api.get(PATH, { key: account.key, params: { publication: 'angelsant' } })).status).toBe(429);
    expect(replay.count()).toBe(asked);
  });

  test('a burst of calls waits its turn: every call served, one request in flight, none refused', async () => {
    const live = await startLive(replay, {
      LIVE_NEWSLETTER_REQUESTS_PER_MINUTE: '1200',
      LIVE_NEWSLETTER_BURST: '2',
      LIVE_NEWSLETTER_CONCURRENCY: '1',
    });
    onTestFinished(live.close);
    const before = replay.count();
    const statuses = await Promise.all(
      Array.from({ length: 4 }, () =>
        live.api.get(PATH, { key: account.key, params: { publication: 'angelsant' } }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(replay.count() - before).toBe(8);
    expect(replay.peakInFlight).toBe(1);
  });

  test('two customers asking for one publication cost one archive and one post request, and each is billed', async () => {
    const live = await startLive(replay, { LIVE_CACHE_SECONDS: '60' });
    onTestFinished(live.close);
    const archive = replay.count(ARCHIVE);
    const byId = replay.count(BY_ID);
    const other = await newAccountWithKey();
    const one = await live.api.get(PATH, { key: account.key, params: { publication: 'angelsant' } });
    const two = await live.api.get(PATH, { key: other.key, params: { publication: 'angelsant.substack.com' } });
    expect(await two.json()).toEqual(await one.json());
    expect(replay.count(ARCHIVE) - archive).toBe(1);
    expect(replay.count(BY_ID) - byId).toBe(1);
    expect(await billedUnits(account, one)).toBe(1);
    expect(await billedUnits(other, two)).toBe(1);
  });
});

describe('newsletter on /status', () => {
  test('shows the publication path live and each other path on the sandbox with its reason', () => {
    const family = summarizeSources({ DATA_SOURCE: 'live' }).families.find((f) => f.family === 'newsletter')!;
    expect(family.source).toBe('live');
    expect(family.livePaths).toEqual([PATH]);
    expect(Object.keys(family.sandboxReasons).sort()).toEqual([
      '/v1/newsletter/category/feed',
      '/v1/newsletter/notes',
      '/v1/newsletter/users',
    ]);
    expect(family.sandboxReasons['/v1/newsletter/users']).toContain('no public profile search');
    expect(
      summarizeSources({ DATA_SOURCE: 'sandbox' }).families.find((f) => f.family === 'newsletter')!.sandboxReasons,
    ).toEqual({});
  });
});
