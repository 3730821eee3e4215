import { describe, expect, it } from 'vitest';

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
