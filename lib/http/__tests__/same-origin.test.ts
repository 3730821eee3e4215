import { describe, expect, it } from 'vitest';

import { isAllowedOrigin } from '../same-origin';

const post = (headers: Record<string, string>, pathname = '/keys') =>
  isAllowedOrigin({ method: 'POST', pathname, headers: new Headers(headers) });

// Next fills in X-Forwarded-Proto from the connection when no proxy sent one: as proxy.ts sees it.
const viaHttps = { 'x-forwarded-proto': 'https' };

describe('isAllowedOrigin', () => {
  it.each([
    ['a same-origin POST over HTTPS', { ...viaHttps, host: 'console.test', origin: 'https://console.test' }, true],
    [
      'a same-origin POST over plain HTTP',
      { 'x-forwarded-proto': 'http', host: 'localhost:3000', origin: 'http://localhost:3000' },
      true,
    ],
    [
      'a same-origin POST whose Origin spells out the default port',
      { ...viaHttps, host: 'console.test', origin: 'https://console.test:443' },
      true,
    ],
    [
      'a POST behind a proxy that names the public host',
      { ...viaHttps, host: '10.0.0.5:3000', 'x-forwarded-host': 'console.test', origin: 'https://console.test' },
      true,
    ],
    ['a POST without Origin (not from a browser page)', { host: 'console.test' }, true],
    ['a POST from another site', { ...viaHttps, host: 'console.test', origin: 'https://evil.test' }, false],
    ['a POST with Origin null', { ...viaHttps, host: 'console.test', origin: 'null' }, false],
  ])('%s', (_label, headers, allowed) => {
    expect(post(headers)).toBe(allowed);
  });

  // The scheme counts as well as the host: a page of the other scheme is another origin.
  it.each([
    ['an http page posting to the https console', { ...viaHttps, host: 'console.test', origin: 'http://console.test' }],
    [
      'an https page posting to the plain-HTTP console',
      { 'x-forwarded-proto': 'http', host: 'console.test', origin: 'https://console.test' },
    ],
    [
      'a page on another port of the same host',
      { ...viaHttps, host: 'console.test', origin: 'https://console.test:8443' },
    ],
    [
      'a page on the default port while the console has its own',
      { 'x-forwarded-proto': 'http', host: 'localhost:3000', origin: 'http://localhost' },
    ],
    [
      'a page on another port behind a proxy',
      { ...viaHttps, host: '10.0.0.5:3000', 'x-forwarded-host': 'console.test', origin: 'https://console.test:3000' },
    ],
  ])('compares the whole origin: refuses %s', (_label, headers) => {
    expect(post(headers)).toBe(false);
  });

  it('takes the first entry of a list of forwarded schemes and hosts (the proxy nearest the browser)', () => {
    expect(
      post({
        'x-forwarded-proto': 'https, http',
        'x-forwarded-host': 'console.test, 10.0.0.5:3000',
        host: '10.0.0.5:3000',
        origin: 'https://console.test',
      }),
    ).toBe(true);
  });

  it('assumes plain HTTP when nothing names the scheme (the console server speaks HTTP)', () => {
    expect(post({ host: 'localhost:3000', origin: 'http://localhost:3000' })).toBe(true);
    expect(post({ host: 'localhost:3000', origin: 'https://localhost:3000' })).toBe(false);
  });

  it('lets reads through from anywhere', () => {
    expect(
      isAllowedOrigin({
        method: 'GET',
        pathname: '/keys',
        headers: new Headers({ host: 'a.test', origin: 'https://b.test' }),
      }),
    ).toBe(true);
  });

  it('leaves signed server-to-server paths to their own checks', () => {
    expect(post({ host: 'console.test', origin: 'https://stripe.test' }, '/api/webhooks/stripe')).toBe(true);
  });
});
