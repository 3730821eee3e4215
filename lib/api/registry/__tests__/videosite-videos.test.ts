// Registry and sandbox of the videosite video search and a video's comments.
import { describe, expect, it } from 'vitest';
import { videositeSandbox } from '@/lib/api/providers/sandbox/videosite';
import { SANDBOX_MISSING_VIDEO_ID, SANDBOX_NO_COMMENTS_VIDEO_ID } from '@/lib/api/providers/sandbox/videosite-videos';
import { ProviderError } from '../types';
import { videositeEndpoints } from '../videosite';
import { contractTests, familyKit } from './support/family-kit';

const kit = familyKit(videositeEndpoints, videositeSandbox);
const VIDEOS = '/v1/videosite/videos';
const COMMENTS = '/v1/videosite/video/comments';

describe('videosite video search', () => {
  contractTests(kit.endpoint(VIDEOS), videositeSandbox);

  it('is billed per page at $0.005, 25 videos a page, pages 1 to 10', () => {
    expect(kit.endpoint(VIDEOS)).toMatchObject({
      priceMicros: 5000,
      billingUnit: 'page',
      pageSize: 25,
      paging: { param: 'pages', max: 10 },
      sentimentTarget: { list: 'videos', text: 'description', title: 'title' },
    });
    expect(kit.rejection(VIDEOS, { query: 'surfing', pages: '11' }).error).toBe(
      "Invalid parameter 'pages': must be an integer from 1 to 10",
    );
  });

  it('extends the same list when more pages are asked', async () => {
    const one = (await kit.run(VIDEOS, { query: 'surfing' })).body.videos as unknown[];
    const three = (await kit.run(VIDEOS, { query: 'surfing', pages: '3' })).body.videos as unknown[];
    expect(three.slice(0, one.length)).toEqual(one);
  });
});

describe('videosite video comments', () => {
  contractTests(kit.endpoint(COMMENTS), videositeSandbox);

  it('is billed per page at $0.005, 100 comments a page, pages 1 to 20, one of id or url', () => {
    expect(kit.endpoint(COMMENTS)).toMatchObject({
      priceMicros: 5000,
      billingUnit: 'page',
      pageSize: 100,
      paging: { param: 'pages', max: 20 },
    });
    expect(kit.rejection(COMMENTS, { id: 'short' }).error).toContain('11-character video ID');
    expect(kit.rejection(COMMENTS, { url: 'https://videosite.example/@someone' }).code).toBe('invalid_parameter');
  });

  it.each([
    'https://www.youtube.com/watch?v=F1UP7wRCPH8',
    'youtu.be/F1UP7wRCPH8?t=3',
    'https://m.youtube.com/shorts/F1UP7wRCPH8',
    'https://www.youtube.com/watch?feature=share&v=F1UP7wRCPH8',
  ])('answers url %s as the id it names', async (url) => {
    expect(await kit.run(COMMENTS, { url })).toEqual(await kit.run(COMMENTS, { id: 'F1UP7wRCPH8' }));
  });

  it('answers an unknown video 404 and a video with comments off with no pages', async () => {
    await expect(kit.run(COMMENTS, { id: SANDBOX_MISSING_VIDEO_ID })).rejects.toSatisfy(
      (e) => e instanceof ProviderError && e.code === 'not_found',
    );
    expect((await kit.run(COMMENTS, { id: SANDBOX_NO_COMMENTS_VIDEO_ID })).pagesReturned).toBe(0);
  });
});
