// The forumsite client's pure parts: the url forms naming a community, and the response cap.
import { describe, expect, test } from 'vitest';
import { ProviderError } from '../../../../registry/types';
import { MAX_RESPONSE_BYTES, cappedCount, communityFrom } from '../client';

describe('the community named by url', () => {
  test.each([
    ['https://www.reddit.com/r/AskScience/', 'AskScience'],
    ['https://old.reddit.com/r/AskScience/top/?t=week', 'AskScience'],
    ['https://www.reddit.com/r/AskScience/comments/abc123/some_title/', 'AskScience'],
    ['reddit.com/r/AskScience', 'AskScience'],
    ['https://new.reddit.com/r/ask_science_2', 'ask_science_2'],
  ])('%s -> %s', (url, name) => {
    expect(communityFrom({ url })).toBe(name);
  });

  test('community wins when given', () => {
    expect(communityFrom({ community: 'programming' })).toBe('programming');
  });

  test('a url whose path has no /r/<name> is a not_found', () => {
    expect(() => communityFrom({ url: 'https://www.reddit.com/user/r/x' })).toThrow(ProviderError);
  });
});

describe('the 3.5 MB response cap', () => {
  test('whole pages of 25 within the cap; the page that would pass it ends the response', () => {
    const size = 30_000; // 25 posts: 750 KB a page; four pages fit, the fifth would pass 3.5 MB
    expect(cappedCount(Array.from({ length: 150 }, () => size))).toBe(100);
  });

  test('small posts: everything', () => {
    expect(cappedCount(Array.from({ length: 60 }, () => 2_000))).toBe(60);
  });

  test('the first page goes even when larger than the cap', () => {
    expect(cappedCount(Array.from({ length: 50 }, () => MAX_RESPONSE_BYTES / 10))).toBe(25);
  });
});
