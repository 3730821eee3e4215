// The headers every console page carries (proxy.ts sets them). Edge-safe: no Node APIs.

/** Request header carrying a response's script nonce from proxy.ts to the root layout (the theme script). */
export const NONCE_HEADER = 'x-nonce';

/** A fresh, unguessable nonce for one response's scripts. */
export function makeNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The Content-Security-Policy of a page. Scripts run only with this response's nonce (Next reads
 * it from the request's CSP header and puts it on its own scripts; 'strict-dynamic' lets those
 * load their chunks). Styles allow inline: React renders `style` attributes, which a nonce cannot
 * cover, and style injection cannot run code. No form-action: sign-in with GitHub or Google and
 * Stripe Checkout leave the site through form-posted redirects to origins set at run time.
 */
export function contentSecurityPolicy(nonce: string, { development = false } = {}): string {
  const directives = [
    "default-src 'self'",
    // Development: React's dev build evaluates code for its call stacks.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // Development: the hot-reload socket.
    `connect-src 'self'${development ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';

/** HSTS: one year, subdomains too. Sent only over HTTPS (browsers ignore it over HTTP anyway). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Every security header of a console response. */
export function securityHeaders({
  nonce,
  https,
  development = false,
}: {
  nonce: string;
  https: boolean;
  development?: boolean;
}) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(nonce, { development }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // For browsers without CSP level 2 frame-ancestors.
    'X-Frame-Options': 'DENY',
    ...(https ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  } satisfies Record<string, string>;
}
