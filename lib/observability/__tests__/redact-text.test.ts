// The log redacts secrets inside message text, not only by field name: a news
// feed's URL with credentials and a token, quoted in a worker's line, reaches the log without them.
import { Writable } from 'node:stream';

import pino from 'pino';
import { describe, expect, test } from 'vitest';

import { loggerOptions } from '../logger';
import { redactSecretsInText } from '../redact-text';

describe('redactSecretsInText', () => {
  test.each([
    [
      'live news: https://user:pass@feeds.example.com/feed.xml?token=abc123&lang=en: answered 503',
      'live news: https://[redacted]@feeds.example.com/feed.xml?token=[redacted]&lang=en: answered 503',
    ],
    ['GET /cb?code=4/0AX-secret&state=x', 'GET /cb?code=[redacted]&state=x'],
    ['postgresql://app:hunter2@db:5432/app unreachable', 'postgresql://[redacted]@db:5432/app unreachable'],
    ['sent Authorization: Bearer eyJhbGciOi.J9.abc', 'sent Authorization: Bearer [redacted]'],
    ['key ak_live_0123456789abcdef used', 'key [redacted] used'],
    ['stripe sk_test_51Habc and whsec_xyz789', 'stripe [redacted] and [redacted]'],
    ['client_secret=s3cr3t api_key=k3y', 'client_secret=[redacted] api_key=[redacted]'],
    ['https://feeds.example.com/world.xml?lang=en', 'https://feeds.example.com/world.xml?lang=en'],
    ['news feeds: 5 listed, 2 read in full', 'news feeds: 5 listed, 2 read in full'],
  ])('%s', (text, redacted) => {
    expect(redactSecretsInText(text, {})).toBe(redacted);
  });

  test('censors the value of a secret setting wherever it is quoted', () => {
    const env = { AUTH_SECRET: 'a-very-long-auth-secret-value-0123456789' };
    expect(redactSecretsInText('bad secret a-very-long-auth-secret-value-0123456789!', env)).toBe(
      'bad secret [redacted]!',
    );
  });
});

describe('the log', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    return { logger: pino(loggerOptions('debug'), stream), lines };
  }
  const feed = 'https://user:pass@feeds.example.com/feed.xml?token=abc123';

  test('redacts a message, its format arguments, string fields and an error message and stack', () => {
    const { logger, lines } = capture();
    logger.warn(`live news: ${feed}: answered 503`);
    logger.warn({ task: 'fetch_news_feeds', detail: `reading ${feed}` }, 'feed %s failed', feed);
    logger.error({ err: new Error(`request to ${feed} failed`) }, 'job failed');
    const text = JSON.stringify(lines);
    expect(text).not.toContain('pass');
    expect(text).not.toContain('abc123');
    expect(lines[0]!.msg).toBe(
      'live news: https://[redacted]@feeds.example.com/feed.xml?token=[redacted]: answered 503',
    );
    expect(lines[1]).toMatchObject({
      task: 'fetch_news_feeds',
      msg: expect.stringContaining('feed https://[redacted]@'),
    });
    expect((lines[2]!.err as { message: string }).message).toContain('token=[redacted]');
  });
});
