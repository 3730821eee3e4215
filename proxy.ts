// Optimistic redirect only: signed-out visitors leave the console for the sign-in page. Every
// page and action still checks the session itself (requireSession); the sign-in pages send
// signed-in users on themselves, after checking the user still exists (no redirect loop).
import NextAuth from 'next-auth';
import { NextResponse } from 'next/server';

import { authConfig } from '@/lib/auth.config';
import { CONSOLE_PATH_HEADER, signInPath } from '@/lib/sign-in-path';

const { auth } = NextAuth(authConfig);

const CONSOLE_PREFIXES = ['/keys', '/usage', '/billing', '/explorer', '/dashboard'];

export default auth((request) => {
  const { pathname, search } = request.nextUrl;
  const signedIn = Boolean(request.auth?.user?.id);
  const inConsole = CONSOLE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));

  if (inConsole && !signedIn) return NextResponse.redirect(new URL(signInPath(pathname + search), request.nextUrl));
  // requireSession may still find the session ended (signed out elsewhere); it sends the visitor
  // back here afterwards too. Set on every console request, so a client's own value never counts.
  const headers = new Headers(request.headers);
  headers.set(CONSOLE_PATH_HEADER, pathname + search);
  return NextResponse.next({ request: { headers } });
});

export const config = {
  matcher: [
    '/keys/:path*',
    '/usage/:path*',
    '/billing/:path*',
    '/explorer/:path*',
    '/dashboard/:path*',
  ],
};
