// The parameters a call's log row keeps, which the request detail (/usage/requests/<id>) shows.
import { expect, test } from 'vitest';
import { LOGGED_PARAMS_CUT, LOGGED_PARAMS_MAX, loggedParams, readLoggedParams } from '../usage-log-params';

test('logs validated parameters as a canonical query string in their order, read back as name and value', () => {
  const logged = loggedParams({
    community: 'gardening',
    pages: 2,
    get_sentiment: false,
    sort: undefined,
    q: 'a&b=c é',
  });
  expect(logged).toBe('community=gardening&pages=2&get_sentiment=false&q=a%26b%3Dc+%C3%A9');
  expect(readLoggedParams(logged)).toEqual({
    query: logged,
    entries: [
      ['community', 'gardening'],
      ['pages', '2'],
      ['get_sentiment', 'false'],
      ['q', 'a&b=c é'],
    ],
    truncated: false,
  });
});

test('never logs a parameter whose name could hold a key or a token', () => {
  const logged = loggedParams({
    key: 'ak_live_1',
    api_key: 'ak_live_2',
    'x-api-key': 'ak_live_3',
    token: 't',
    Authorization: 'Bearer x',
    next_token: 'n',
    query: 'ok',
  });
  expect(logged).toBe('query=ok');
  expect(loggedParams({ api_key: 'ak_live_2' })).toBeNull();
});

test('cuts a huge query string to 2,048 characters with a marker, never inside an escape', () => {
  // ASCII, and characters of 2 and 4 UTF-8 bytes (6 and 12 characters escaped) at every offset.
  const huge = [
    'x'.repeat(5000),
    ...['', 'a', 'ab'].flatMap((lead) => [`${lead}${'é'.repeat(500)}`, `${lead}${'😀'.repeat(250)}`]),
  ];
  for (const value of huge) {
    const logged = loggedParams({ query: value, more: value })!;
    expect(logged.length).toBeLessThanOrEqual(LOGGED_PARAMS_MAX);
    expect(logged.endsWith(LOGGED_PARAMS_CUT)).toBe(true);
    expect(logged.length).toBeGreaterThan(LOGGED_PARAMS_MAX - 13);
    const view = readLoggedParams(logged)!;
    expect(view.truncated).toBe(true);
    expect(view.entries).toHaveLength(1);
    expect(value.startsWith(view.entries[0]![1])).toBe(true);
  }
  expect(loggedParams({})).toBeNull();
  expect(readLoggedParams(null)).toBeNull();
});
