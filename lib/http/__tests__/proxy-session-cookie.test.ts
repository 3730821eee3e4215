// The proxy never extends a session it has not checked. Auth.js's proxy wrapper
// re-issued the session cookie on every console request without reading the session's row, so the
// holder of an ended session kept its cookie alive by loading any page.
import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';

import proxy from '@/proxy';

const COOKIE = 'authjs.session-token';

async function sessionCookie(): Promise<string> {
  const secret = process.env.AUTH_SECRET;
  if (!secret) throw new Error('AUTH_SECRET is set by scripts/run.ts test');
  const token = await encode({
    secret,
    salt: COOKIE,
    token: { userId: 'user-1', accountId: 'account-1', sessionId: 'ended-session', signedInAt: Date.now() - 3_600_000 },
  });
  return `${COOKIE}=${token}`;
}

describe('proxy.ts and the session cookie', () => {
  it('lets a request with a session token through to the page, without writing the cookie again', async () => {
    const response = await proxy(
      new NextRequest('http://localhost:3000/dashboard', { headers: { cookie: await sessionCookie() } }),
    );
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('sends a request without a session token to the sign-in page', async () => {
    const response = await proxy(new NextRequest('http://localhost:3000/keys?x=1'));
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get('location')!).pathname).toBe('/sign-in');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('does not take a token sealed with another secret', async () => {
    const forged = await encode({ secret: 'x'.repeat(40), salt: COOKIE, token: { userId: 'user-1' } });
    const response = await proxy(
      new NextRequest('http://localhost:3000/usage', { headers: { cookie: `${COOKIE}=${forged}` } }),
    );
    expect(response.status).toBe(307);
  });
});
