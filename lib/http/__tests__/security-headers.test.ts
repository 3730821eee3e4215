import { describe, expect, it } from 'vitest';

import { isAllowedOrigin } from '../same-origin';
import { contentSecurityPolicy, makeNonce, securityHeaders } from '../security-headers';

describe('securityHeaders', () => {
  it('lets only scripts with the nonce run and forbids framing', () => {
    const csp = contentSecurityPolicy('abc123');
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('allows eval and the hot-reload socket only in development', () => {
    expect(contentSecurityPolicy('n', { development: true })).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy('n', { development: true })).toContain('ws:');
  });

  it('sends HSTS only over HTTPS', () => {
    expect(securityHeaders({ nonce: 'n', https: true })['Strict-Transport-Security']).toMatch(/^max-age=31536000/);
    expect(securityHeaders({ nonce: 'n', https: false })).not.toHaveProperty('Strict-Transport-Security');
  });

  it('makes a different nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, makeNonce));
    expect(nonces.size).toBe(50);
    expect([...nonces][0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('isAllowedOrigin', () => {
  const post = (headers: Record<string, string>, pathname = '/keys') =>
    isAllowedOrigin({ method: 'POST', pathname, headers: new Headers(headers) });

  it.each([
    ['a same-origin POST', { host: 'console.test', origin: 'https://console.test' }, true],
    ['a POST behind a proxy that names the public host', { host: '10.0.0.5:3000', 'x-forwarded-host': 'console.test', origin: 'https://console.test' }, true],
    ['a POST without Origin (not from a browser page)', { host: 'console.test' }, true],
    ['a POST from another site', { host: 'console.test', origin: 'https://evil.test' }, false],
    ['a POST from another port of the same host', { host: 'console.test', origin: 'https://console.test:8443' }, false],
    ['a POST with Origin null', { host: 'console.test', origin: 'null' }, false],
  ])('%s', (_label, headers, allowed) => {
    expect(post(headers)).toBe(allowed);
  });

  it('lets reads through from anywhere', () => {
    expect(isAllowedOrigin({ method: 'GET', pathname: '/keys', headers: new Headers({ host: 'a.test', origin: 'https://b.test' }) })).toBe(true);
  });

  it('leaves signed server-to-server paths to their own checks', () => {
    expect(post({ host: 'console.test', origin: 'https://stripe.test' }, '/api/webhooks/stripe')).toBe(true);
  });
});
