// The videosite source without and with its API key: DATA_SOURCE=live leaves it on the sandbox
// without LIVE_VIDEOSITE_API_KEY and /status says why; DATA_SOURCE_VIDEOSITE=live without it is
// refused at start; with it, the operator's status (npm run console -- source-status) shows the quota units the day's requests spent, and the public /status does not.
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { db } from '@/lib/db';
import { newAccountWithKey } from '@/lib/api/__tests__/support/harness';
import { createProviderResolver } from '@/lib/api/providers';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import { SourceConfigError } from '@/lib/api/providers/sources';
import { getOperatorStatus } from '@/lib/server/status/get-operator-status';
import { getSourceStatus } from '@/lib/server/status/get-source-status';
import { startLiveApi } from '../../__tests__/support/live-api';
import { startReplayServer, type ReplayServer } from '../../__tests__/support/replay-server';
import { prismaSql } from '@/lib/db/prisma-sql';
import { recordQuotaUnits } from '../../quota';
import { QUOTA_TIME_ZONE } from '../client';
import { GOOGLE, REPLAY_API_KEY, videositeRoutes } from './support/routes';

// A quota day of its own, far from the days the provider tests count in.
const now = new Date('2031-05-01T19:00:00Z'); // 12:00 PDT

describe('the videosite source without an API key', () => {
  let replay: ReplayServer;

  beforeAll(async () => {
    replay = await startReplayServer(videositeRoutes);
  });
  afterAll(() => replay.close());

  test('stays on the sandbox under DATA_SOURCE=live, and the source summary says why', async () => {
    const env = { DATA_SOURCE: 'live', LIVE_VIDEOSITE_URL: replay.url };
    const videosite = summarizeSources(env).families.find((f) => f.family === 'videosite')!;
    expect(videosite).toMatchObject({ source: 'sandbox', livePaths: [], dailyQuota: null });
    expect(videosite.notLiveReason).toMatch(/LIVE_VIDEOSITE_API_KEY is not set/);
    // The sandbox answers; the platform is never asked.
    const live = await startLiveApi(env);
    onTestFinished(live.close);
    const account = await newAccountWithKey();
    const response = await live.api.get('/v1/videosite/channel', { key: account.key, params: { id: GOOGLE } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { channel: { profile_pic_url: string } }).channel.profile_pic_url).toContain(
      'videosite.example',
    );
    expect(replay.count()).toBe(0);
  });

  test('refuses DATA_SOURCE_VIDEOSITE=live at start, naming the variable', () => {
    expect(() => createProviderResolver({ DATA_SOURCE_VIDEOSITE: 'live' })).toThrow(SourceConfigError);
    expect(() => createProviderResolver({ DATA_SOURCE_VIDEOSITE: 'live', LIVE_VIDEOSITE_API_KEY: ' ' })).toThrow(
      /DATA_SOURCE_VIDEOSITE=live, but LIVE_VIDEOSITE_API_KEY is not set/,
    );
  });

  test('gives no reason when the operator did not ask for live data', () => {
    const videosite = summarizeSources({}).families.find((f) => f.family === 'videosite')!;
    expect(videosite).toMatchObject({ source: 'sandbox', notLiveReason: null });
  });
});

describe('the quota with the API key set', () => {
  afterAll(async () => {
    await db.$executeRaw`DELETE FROM "LiveQuotaUsage" WHERE family = 'videosite' AND day >= '2031-01-01'`;
  });

  test('shows the quota units of the Pacific day, and when the quota day ends', async () => {
    await recordQuotaUnits(prismaSql, { family: 'videosite', units: 3, at: now, timeZone: QUOTA_TIME_ZONE });
    await recordQuotaUnits(prismaSql, {
      family: 'videosite',
      units: 2,
      at: new Date('2031-05-02T06:59:00Z'),
      timeZone: QUOTA_TIME_ZONE,
    }); // 23:59 PDT, same day
    await recordQuotaUnits(prismaSql, {
      family: 'videosite',
      units: 7,
      at: new Date('2031-05-02T07:00:00Z'),
      timeZone: QUOTA_TIME_ZONE,
    }); // the next day
    const status = await getOperatorStatus({
      env: { DATA_SOURCE: 'live', LIVE_VIDEOSITE_API_KEY: REPLAY_API_KEY },
      now,
    });
    const videosite = status.find((f) => f.family === 'videosite')!;
    expect(videosite).toMatchObject({ source: 'live' });
    expect(videosite.quotaToday).toEqual({
      units: 5,
      day: '2031-05-01',
      timeZone: 'America/Los_Angeles',
      resetsAt: new Date('2031-05-02T07:00:00Z'),
    });
    // Families whose platform counts no quota show none.
    expect(status.find((f) => f.family === 'politicnet')?.quotaToday).toBeNull();
    // The public /status shows no quota use: it is the operator's (npm run console -- source-status).
    const page = await getSourceStatus({ env: { DATA_SOURCE: 'live', LIVE_VIDEOSITE_API_KEY: REPLAY_API_KEY }, now });
    expect(page.families.find((f) => f.family === 'videosite')).toMatchObject({
      source: 'live',
      notLiveReason: null,
      livePaths: ['/v1/videosite/channel', '/v1/videosite/videos', '/v1/videosite/video/comments'],
    });
    expect(page.families.find((f) => f.family === 'videosite')).not.toHaveProperty('quotaToday');
  });

  test('shows a live day without requests as 0 units', async () => {
    const status = await getOperatorStatus({
      env: { DATA_SOURCE: 'live', LIVE_VIDEOSITE_API_KEY: REPLAY_API_KEY },
      now: new Date('2031-06-01T12:00:00Z'),
    });
    expect(status.find((f) => f.family === 'videosite')?.quotaToday?.units).toBe(0);
  });
});
