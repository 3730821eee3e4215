// Optimistic redirect only: signed-out visitors leave the console for the sign-in page. Every
// page and action still checks the session itself (requireSession); the sign-in pages send
// signed-in users on themselves, after checking the user still exists (no redirect loop).
import NextAuth from 'next-auth';
import { NextResponse } from 'next/server';

import { authConfig } from '@/lib/auth.config';

const { auth } = NextAuth(authConfig);

const CONSOLE_PREFIXES = ['/keys', '/usage', '/billing', '/explorer', '/docs', '/dashboard'];

export default auth((request) => {
  const { pathname, search } = request.nextUrl;
  const signedIn = Boolean(request.auth?.user?.id);
  const inConsole = CONSOLE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));

  if (inConsole && !signedIn) {
    const url = new URL('/sign-in', request.nextUrl);
    url.searchParams.set('callbackUrl', pathname + search);
    return NextResponse.redirect(url);
  }
  return NextResponse.next();
});

export const config = {
  matcher: [
    '/keys/:path*',
    '/usage/:path*',
    '/billing/:path*',
    '/explorer/:path*',
    '/docs/:path*',
    '/dashboard/:path*',
  ],
};
