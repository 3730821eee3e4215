// The video and comment mappings on recorded payloads: a videos.list resource with its counts and
// duration (python-youtube's recorded answer for D-lhorsDlUQ), search.list's HTML escapes and
// the ISO 8601 durations the API sends.
import { describe, expect, test } from 'vitest';
import { decodeEntities, durationSeconds, toVideositeVideo, videoListSchema } from '../map-videos';
import { recording } from './support/routes';

const site = { source: 'YouTube', domain: 'youtube.com' };

describe('videosite video mapping', () => {
  test('a videos.list resource gives the whole record: counts, duration and the unescaped snippet', () => {
    const [video] = videoListSchema.parse(JSON.parse(recording('videos-D-lhorsDlUQ.json'))).items!;
    const record = toVideositeVideo('D-lhorsDlUQ', undefined, video, site)!;
    expect({ ...record, description: record.description.slice(0, 60) }).toStrictEqual({
      video_id: 'D-lhorsDlUQ',
      title: 'What are Actions on Google (Assistant on Air)',
      description: 'In the first episode of Assistant on Air, Luke Davis and gue',
      url: 'https://www.youtube.com/watch?v=D-lhorsDlUQ',
      thumbnail: 'https://i.ytimg.com/vi/D-lhorsDlUQ/hqdefault.jpg',
      channel_id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      channel_name: 'Google Developers',
      channel_url: 'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
      date: '2019-03-21 20:37:49',
      views: 7920,
      likes: 190,
      comments: 32,
      duration: 1267,
      live_status: 'none',
      source: 'YouTube',
      domain: 'youtube.com',
    });
  });

  test.each([
    ['PT21M7S', 1267],
    ['PT1H', 3600],
    ['P1DT2H3M4S', 93784],
    ['PT45S', 45],
    ['P0D', null],
    ['', null],
    ['soon', null],
  ])('reads the duration %s as %s seconds', (text, seconds) => {
    expect(durationSeconds(text)).toBe(seconds);
  });

  test("decodes search.list's HTML escapes and leaves other text alone", () => {
    expect(decodeEntities('Rock &amp; Roll &#39;89 &quot;live&quot; &#x2764; &lt;3 &nosuch;')).toBe(
      `Rock & Roll '89 "live" ❤ <3 &nosuch;`,
    );
  });
});
