// CORS for /v1: any web page may call the API with a key (the key, not a cookie, authenticates,
// so no origin is trusted more than another), read the billing headers, and send a preflight
// without a key.

/** Headers a browser page may read from a /v1 response. */
const exposedHeaders = [
  'X-Request-Id',
  'X-Billed-Units',
  'X-Free-Units',
  'X-Billed-Amount-Micros',
  'X-Free-Tier-Remaining',
  'X-Free-Tier-Truncated',
  'Retry-After',
] as const;

export const corsHeaders: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': exposedHeaders.join(', '),
};

/** The answer to an OPTIONS preflight: no key needed, nothing recorded. */
export function preflightResponse(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'X-API-Key, Content-Type',
      'access-control-max-age': '86400',
    },
  });
}
