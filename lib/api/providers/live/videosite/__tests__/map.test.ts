// channels.list payloads -> videosite channel records, on the recordings in data/live/videosite
// (no I/O beyond reading them): whole records field by field, every recorded channel through the
// registry's strict record schema, the counts' format, the lookups each identifier makes, Google's
// error reasons, and the quota day's end in Pacific time.
import { describe, expect, test } from 'vitest';
import { videositeChannelSchema } from '@/lib/api/registry/videosite';
import { nextQuotaDayStart, quotaDay, secondsUntilNextQuotaDay } from '../../quota';
import { QUOTA_TIME_ZONE, lookupsFor } from '../client';
import { channelListSchema, errorReasons, humanCount, toVideositeChannel, type YoutubeChannel } from '../map';
import { GOOGLE, GOOGLE_DEVELOPERS, recording } from './support/routes';

const items = (file: string): YoutubeChannel[] => channelListSchema.parse(JSON.parse(recording(file))).items ?? [];
const channel = (file: string, id: string) => items(file).find((item) => item.id === id)!;
const BOTH = 'channels-google-developers-and-google.json';

describe('a recorded channel as a videosite channel record', () => {
  test('maps Google Developers (2022: snippet, statistics, brandingSettings) field by field', () => {
    expect(toVideositeChannel(channel(BOTH, GOOGLE_DEVELOPERS))).toStrictEqual({
      channel_id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      channel_name: 'Google Developers',
      description:
        'The Google Developers channel features talks from events, educational series, best practices, tips, and the latest updates across our products and platforms.\n\nSubscribe to Google Developers → https://goo.gle/developers\n',
      subscriber_count: '2.3M subscribers',
      video_count: '5.7K videos',
      view_count: 208790084,
      country: 'US',
      creation_date: '2007-08-23',
      verified: false,
      has_business_email: false,
      links: [],
      profile_pic_url:
        'https://yt3.ggpht.com/ytc/AMLnZu-oDvWEJ-WfN9bgxQB2YAlnjC2uqN_c7JQZvX9Ikfg=s800-c-k-c0x00ffffff-no-rj',
      banner: 'https://yt3.ggpht.com/LMkDZSq0icg6yqyItLxe2c9tb_KjjI6jsrWE019X4L5TULPPLXJy6rtx7-nN7TB5EiHzoB0R5g',
      url: 'https://www.youtube.com/@googledevelopers',
    });
  });

  test("maps Google, which shares no country, with the spec's empty country", () => {
    expect(toVideositeChannel(channel(BOTH, GOOGLE))).toStrictEqual({
      channel_id: 'UCK8sQmJBp8GCxrOtXWBpyEA',
      channel_name: 'Google',
      description:
        'Experience the world of Google on our official YouTube channel. Watch videos about our products,  technology, company happenings and more. Subscribe to get updates from all your favorite Google products and teams.',
      subscriber_count: '10.7M subscribers',
      video_count: '2.7K videos',
      view_count: 3331930783,
      country: '',
      creation_date: '2005-09-18',
      verified: false,
      has_business_email: false,
      links: [],
      profile_pic_url:
        'https://yt3.ggpht.com/ytc/AMLnZu_31rROBnB8bq9EJfk82OnclHISQ3Hrx6i1oWLai5o=s800-c-k-c0x00ffffff-no-rj',
      banner: 'https://yt3.ggpht.com/C7C_rceG0_dgSK1uRXoM6s1wCiOwDpsc_bJLELECJ7dVrNZNMhub9la_nhAL6aKpkdR0Z91d',
      url: 'https://www.youtube.com/@google',
    });
  });

  test('maps a 2019 answer without brandingSettings and with a legacy custom URL: no banner, the /channel/ address', () => {
    expect(toVideositeChannel(channel('channel-google-developers-2019.json', GOOGLE_DEVELOPERS))).toStrictEqual({
      channel_id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      channel_name: 'Google Developers',
      description:
        'The Google Developers channel features talks from events, educational series, best practices, tips, and the latest updates across our products and platforms.',
      subscriber_count: '1.9M subscribers',
      video_count: '5K videos',
      view_count: 160361638,
      country: 'US',
      creation_date: '2007-08-23',
      verified: false,
      has_business_email: false,
      links: [],
      profile_pic_url:
        'https://yt3.ggpht.com/a/AGF-l78iFtAxyRZcUBzG91kbKMES19z-zGW5KT20_g=s800-c-k-c0xffffffff-no-rj-mo',
      banner: '',
      url: 'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
    });
  });

  test('gives an answer without statistics null counts, never invented ones', () => {
    const record = toVideositeChannel(channel('channel-google-developers-snippet.json', GOOGLE_DEVELOPERS));
    expect(record).toMatchObject({
      subscriber_count: null,
      video_count: null,
      view_count: null,
      banner: '',
      country: 'US',
    });
  });

  test('gives a hidden subscriber count null, keeping the other counts', () => {
    // The recorded Google channel with its count hidden, as the API sends it (subscriberCount left out).
    const google = channel(BOTH, GOOGLE);
    const hidden = {
      ...google,
      statistics: { viewCount: '3331930783', hiddenSubscriberCount: true, videoCount: '2678' },
    };
    expect(toVideositeChannel(hidden)).toMatchObject({
      subscriber_count: null,
      video_count: '2.7K videos',
      view_count: 3331930783,
    });
    // Some answers still carry a (meaningless) count beside the flag: it is not shown either.
    const flagged = { ...google, statistics: { ...google.statistics, hiddenSubscriberCount: true } };
    expect(toVideositeChannel(flagged).subscriber_count).toBeNull();
  });

  test('takes the country from the branding settings when the snippet gives none', () => {
    // No recorded channel has a country in brandingSettings only: Google Developers' 2022 answer
    // (US in both) with snippet.country left out, nothing else changed.
    const developers = channel(BOTH, GOOGLE_DEVELOPERS);
    expect([developers.snippet.country, developers.brandingSettings?.channel?.country]).toEqual(['US', 'US']);
    const { country: _left, ...snippet } = developers.snippet;
    expect(toVideositeChannel({ ...developers, snippet }).country).toBe('US');
  });

  test("every recorded channel passes the registry's strict record schema", () => {
    const files = [BOTH, 'channel-google-developers-2019.json', 'channel-google-developers-snippet.json'];
    const all = files.flatMap(items);
    expect(all).toHaveLength(4);
    for (const item of all) expect(videositeChannelSchema.safeParse(toVideositeChannel(item)).success).toBe(true);
  });
});

describe("the human-formatted counts (the sandbox's format)", () => {
  test.each([
    [0, 'video', '0 videos'],
    [1, 'video', '1 video'],
    [1, 'subscriber', '1 subscriber'],
    [999, 'subscriber', '999 subscribers'],
    [1_000, 'subscriber', '1K subscribers'],
    [1_250, 'subscriber', '1.3K subscribers'],
    [1_200_000, 'subscriber', '1.2M subscribers'],
    [3_500_000_000, 'video', '3.5B videos'],
  ] as const)('%i %s -> %s', (count, noun, text) => {
    expect(humanCount(count, noun)).toBe(text);
  });
});

describe('what each identifier is looked up by', () => {
  test.each([
    [{ id: GOOGLE }, [{ id: GOOGLE }]],
    [{ url: `https://www.youtube.com/channel/${GOOGLE}/videos` }, [{ id: GOOGLE }]],
    [{ url: 'youtube.com/@googledevelopers' }, [{ forHandle: '@googledevelopers' }]],
    [{ url: 'https://www.youtube.com/@%E3%83%86%E3%82%B9%E3%83%88?si=x' }, [{ forHandle: '@テスト' }]],
    [{ url: 'https://www.youtube.com/user/GoogleDevelopers' }, [{ forUsername: 'GoogleDevelopers' }]],
    [
      { url: 'https://www.youtube.com/c/GoogleDevelopers/about' },
      [{ forHandle: '@GoogleDevelopers' }, { forUsername: 'GoogleDevelopers' }],
    ],
    [{ url: 'https://www.youtube.com/c/google-for-devs' }, [{ forHandle: '@google-for-devs' }]],
    [{ name: '@googledevelopers' }, [{ forHandle: '@googledevelopers' }]],
    [{ name: 'GoogleDevelopers' }, [{ forHandle: '@GoogleDevelopers' }, { forUsername: 'GoogleDevelopers' }]],
    [{ name: 'Google for Developers' }, []],
  ])('%o -> %o', (params, lookups) => {
    expect(lookupsFor(params)).toEqual(lookups);
  });
});

describe('Google error bodies', () => {
  test('reads the reason of the recorded keyInvalid and quotaExceeded bodies', () => {
    expect(errorReasons(JSON.parse(recording('error-key-invalid.json')))).toEqual(['keyInvalid']);
    expect(errorReasons(JSON.parse(recording('error-quota-exceeded.json')))).toEqual(['quotaExceeded']);
  });

  test("reads ErrorInfo reasons after the v3 ones, and nothing from a body that is not Google's", () => {
    const body = {
      error: {
        code: 400,
        errors: [{ reason: 'badRequest' }],
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
      },
    };
    expect(errorReasons(body)).toEqual(['badRequest', 'API_KEY_INVALID']);
    expect(errorReasons('<html>')).toEqual([]);
  });
});

describe('the quota day (midnight Pacific time)', () => {
  test('ends at the next midnight in Los Angeles, in winter and in summer', () => {
    const winter = new Date('2026-01-15T20:00:00Z'); // 12:00 PST
    expect(quotaDay(winter, QUOTA_TIME_ZONE)).toBe('2026-01-15');
    expect(nextQuotaDayStart(winter, QUOTA_TIME_ZONE).toISOString()).toBe('2026-01-16T08:00:00.000Z');
    expect(secondsUntilNextQuotaDay(winter, QUOTA_TIME_ZONE)).toBe(12 * 3600);
    const summer = new Date('2026-07-01T06:59:59Z'); // 23:59:59 PDT on June 30
    expect(quotaDay(summer, QUOTA_TIME_ZONE)).toBe('2026-06-30');
    expect(secondsUntilNextQuotaDay(summer, QUOTA_TIME_ZONE)).toBe(1);
  });

  test('counts a day with a clock change by its real length', () => {
    // 2026-03-08 has 23 hours in Los Angeles, 2026-11-01 has 25.
    expect(nextQuotaDayStart(new Date('2026-03-08T08:00:00Z'), QUOTA_TIME_ZONE).toISOString()).toBe(
      '2026-03-09T07:00:00.000Z',
    );
    expect(nextQuotaDayStart(new Date('2026-11-01T07:00:00Z'), QUOTA_TIME_ZONE).toISOString()).toBe(
      '2026-11-02T08:00:00.000Z',
    );
  });
});
