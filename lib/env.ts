// The environment: product code reads it only through this file. Every variable with a fixed
// name is in the schema below (and in docs/configuration.md's configuration table and
// .env.example, kept in step by lib/__tests__/env-example.test.ts), parsed once at start-up, so
// that a bad value fails fast with a readable message. The variables whose names are made from a
// family (DATA_SOURCE_<FAMILY>, LIVE_<FAMILY>_URL, UPSTREAM_<FAMILY>_URL, ...) cannot be listed
// here: envRecord() hands them to the code that knows the families, which checks them. The tools
// under scripts/ (run.ts, the benchmarks) and the Stripe emulator's own program read their own.
import { availableParallelism } from 'node:os';
import { z } from 'zod';

const optionalUrl = z.url().optional();

/**
 * The servers' connection timeouts (ms). A keep-alive connection idle in a client's pool or a
 * proxy's (nginx and cloud load balancers keep theirs 60 s) must not be closed by the server
 * first, or the next request on it meets a closed connection: "other side closed", a 502. So
 * the server waits 65 s, and the headers timeout is above that (the usual advice for Node
 * behind a load balancer); Node needs the request timeout at least the headers timeout.
 */
const IDLE_TIMEOUTS = { keepAlive: 65_000, headers: 66_000, request: 70_000 };
const port = z.coerce.number().int().min(1).max(65535);

/**
 * Live data (lib/api/providers/live). Per family, also read where they are used:
 * DATA_SOURCE_<FAMILY>=sandbox|live|upstream overrides DATA_SOURCE for one family, and
 * LIVE_<FAMILY>_URL replaces a platform's public base address (tests, self-hosted servers, proxies).
 */
export const liveEnvShape = {
  /** `live`: every family with a native adapter calls its platform; the others stay on the sandbox or their upstream. */
  DATA_SOURCE: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Sent to every platform: name the service and an operator contact (platforms block anonymous clients). */
  LIVE_USER_AGENT: z.string().min(1).default('public-data-api/1.0 (live data; operator contact not configured)'),
  /** How long a platform page is kept and reused (0: no cache). */
  LIVE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Memory the page cache may hold, in MB. */
  LIVE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Longest a request queues for its turn at a platform before it is answered 429 upstream_rate_limit (ms). */
  LIVE_MAX_WAIT_MS: z.coerce.number().int().min(0).default(10_000),
  /** The forum site's app-only OAuth (client credentials; both or neither): a higher rate limit. Never logged. */
  LIVE_FORUMSITE_CLIENT_ID: z.string().min(1).optional(),
  LIVE_FORUMSITE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The video site's YouTube Data API v3 key; without it videosite stays on its sandbox. Never logged. */
  LIVE_VIDEOSITE_API_KEY: z.string().min(1).optional(),
  /** The review site's Yelp Fusion API key (a bearer token); without it reviewsite stays on its sandbox. Never logged. */
  LIVE_REVIEWSITE_API_KEY: z.string().min(1).optional(),
  /** The short-post network's X API v2 bearer token (an app with recent search); without it xnet stays on its sandbox. Never logged. */
  LIVE_XNET_BEARER_TOKEN: z.string().min(1).optional(),
  /** The web search family's SearXNG instance (its JSON format on); no public default, so without it websearch stays on its sandbox. */
  LIVE_WEBSEARCH_URL: z.url().optional(),
  /**
   * The photo network through the Instagram Graph API's business discovery: the operator's own
   * Instagram business account id and its access token (both or neither); without them photonet
   * stays on its sandbox. The token is never logged.
   */
  LIVE_PHOTONET_ACCESS_TOKEN: z.string().min(1).optional(),
  LIVE_PHOTONET_BUSINESS_ID: z.string().regex(/^\d+$/, 'must be the numeric Instagram business account id').optional(),
  /** The social network's Graph API token with Page Public Content Access; without it socialnet stays on its sandbox. Never logged. */
  LIVE_SOCIALNET_ACCESS_TOKEN: z.string().min(1).optional(),
  /** The text-thread network's Threads API token with profile discovery; without it textthreads stays on its sandbox. Never logged. */
  LIVE_TEXTTHREADS_ACCESS_TOKEN: z.string().min(1).optional(),
  /**
   * The open microblog's account (a handle or email and an app password; both or neither): search
   * goes through its server (default https://bsky.social), for AppViews that serve search to
   * signed-in clients only. Never logged.
   */
  LIVE_OPENMICRO_IDENTIFIER: z.string().min(1).optional(),
  LIVE_OPENMICRO_PASSWORD: z.string().min(1).optional(),
  /**
   * The news family's RSS and Atom feeds: comma-separated URLs or the path of a file with one a
   * line (unset: a default list of public world-news feeds, lib/api/providers/live/news/feeds.ts).
   */
  LIVE_NEWS_FEEDS: z.string().optional(),
  /** Days a news article is kept after the job first stored it. */
  LIVE_NEWS_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
};

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** PostgreSQL. Unset: scripts/run.ts starts the embedded server under .data/ and sets it. */
    DATABASE_URL: optionalUrl,
    /** Set by scripts/run.ts beside DATABASE_URL when that is its embedded server (lib/db/embedded-default.ts). */
    EMBEDDED_DATABASE_URL: optionalUrl,
    /** Redis, for sharing concurrency slots and key revocations between several instances. */
    REDIS_URL: optionalUrl,
    /** Connections of the console's Prisma pool and of the API server's pool. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    API_DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(12),
    PORT: port.default(3000),
    API_PORT: port.default(3001),
    /**
     * Interfaces the console and the API server listen on. Loopback by default, so a developer
     * machine serves nobody else; `0.0.0.0` is an explicit choice for containers and servers.
     */
    HOST: z.string().default('127.0.0.1'),
    API_HOST: z.string().default('127.0.0.1'),
    /**
     * Processes of the API server on this machine (node:cluster, one shared port); default one per
     * core. Per-account limits stay exact across them: the primary counts concurrency slots.
     */
    API_WORKERS: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(() => Math.min(64, availableParallelism())),
    /**
     * API server: time a client has to send its headers, and its whole request (ms). The headers
     * timeout stays above the keep-alive timeout, the request timeout at least the headers timeout.
     */
    API_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(IDLE_TIMEOUTS.headers),
    API_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(IDLE_TIMEOUTS.request),
    /**
     * API server: how long an idle keep-alive connection stays open (ms). Longer than clients and
     * proxies keep theirs (nginx, cloud load balancers: 60 s), so none reuses one the server closed.
     */
    API_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(IDLE_TIMEOUTS.keepAlive),
    /** API server: open connections in all, and per client address (0: no per-address cap). */
    API_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10_000),
    API_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(256),
    /**
     * Where the console's /v1 mount forwards to: the API server beside it (set by `npm start`).
     * Unset (`npm run dev`): the console serves /v1 itself.
     */
    API_INTERNAL_URL: optionalUrl,
    /**
     * The API server's internal listener, a Unix socket only the console uses (`npm start` makes
     * one per start in a private directory). Through it the console passes each /v1 caller's
     * address, proven by API_INTERNAL_SECRET; the API caps in-flight requests per such address.
     */
    API_INTERNAL_SOCKET: z.string().optional(),
    /** Shared by the console and the API server for the internal listener (`npm start` makes one per start). */
    API_INTERNAL_SECRET: z.string().min(32, 'API_INTERNAL_SECRET must be at least 32 characters').optional(),
    /** Console server (`npm start`): time a client has to send its headers, and its whole request (ms). */
    CONSOLE_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(IDLE_TIMEOUTS.headers),
    CONSOLE_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(IDLE_TIMEOUTS.request),
    /** Console server: how long an idle keep-alive connection stays open (ms); as the API server's. */
    CONSOLE_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(IDLE_TIMEOUTS.keepAlive),
    /** Console server: open connections in all, and per client address (0: no per-address cap). */
    CONSOLE_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10_000),
    CONSOLE_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(256),
    /** Public address of the console, as the API names it (the 402 points at its billing page). */
    CONSOLE_PUBLIC_URL: optionalUrl,
    /** The public API's one address, as customers call it (lib/http/api-base-url.ts; default http://localhost:API_PORT). */
    API_PUBLIC_URL: optionalUrl,
    /**
     * Prometheus metrics (GET /metrics) of the API server (its cluster workers aggregated) and of
     * the job worker, on this separate port; unset, no metrics are kept. `npm start` gives the
     * worker METRICS_PORT + 1. METRICS_HOST: the interface (loopback unless set; 0.0.0.0 in containers).
     */
    METRICS_PORT: port.optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    /** Logs of the API server and the worker (pino): the least severe level written. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `json` (one object a line), or `pretty`; unset, pretty at a terminal outside production, else json. */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    /** Signs session tokens. Unset in development: scripts/run.ts makes one under .data/. */
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    AUTH_GITHUB_ID: z.string().optional(),
    AUTH_GITHUB_SECRET: z.string().optional(),
    /** GitHub Enterprise Server's address (e.g. https://github.example.com); unset: github.com. */
    AUTH_GITHUB_ENTERPRISE_URL: optionalUrl,
    AUTH_GOOGLE_ID: z.string().optional(),
    AUTH_GOOGLE_SECRET: z.string().optional(),
    /**
     * Proxies in front of the console that append to X-Forwarded-For (0: clients connect directly).
     * The per-address sign-in throttle believes only the entries they added.
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Session lifetime in seconds (default 7 days), counted from the sign-in: absolute, not sliding. */
    SESSION_MAX_AGE: z.coerce
      .number()
      .int()
      .min(60)
      .default(7 * 24 * 3600),
    /**
     * Whether Auth.js builds its URLs from the request's Host (and X-Forwarded-Host) header. `false`
     * needs AUTH_URL, the console's public address, which Auth.js then uses instead.
     */
    AUTH_TRUST_HOST: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    AUTH_URL: optionalUrl,
    /** Stripe. Unset: the Stripe emulator (lib/stripe-emulator), which `npm start` and `npm run dev` start. */
    STRIPE_SECRET_KEY: z.string().optional(),
    /**
     * Runs the Stripe emulator on purpose with an operator's DATABASE_URL (staging, demos): without it
     * and without STRIPE_SECRET_KEY, scripts/run.ts refuses to start (lib/stripe-emulator/emulator-refusal.ts).
     */
    BILLING_SANDBOX: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Signs webhooks; with the emulator, made once under .data/ by scripts/run.ts unless set. */
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** The Stripe emulator's REST API address (set by scripts/run.ts while it runs it). */
    STRIPE_SANDBOX_URL: optionalUrl,
    /** Port of the Stripe emulator's REST API (default API_PORT + 1). */
    STRIPE_SANDBOX_PORT: port.optional(),
    /** Port of the Stripe emulator's hosted pages: Checkout, portal, invoices (default API_PORT + 2). */
    STRIPE_SANDBOX_PAGES_PORT: port.optional(),
    /** The hosted pages' public address, as invoices link to it (default http://localhost:STRIPE_SANDBOX_PAGES_PORT). */
    STRIPE_SANDBOX_PAGES_URL: optionalUrl,
    /** The emulator API's secret key (the Stripe client's key with the emulator); made once under .data/ unless set. */
    STRIPE_SANDBOX_SECRET_KEY: z.string().min(16).optional(),
    /** Token of the emulator's /_sandbox/* test controls (header X-Sandbox-Control-Token); made once under .data/ unless set. */
    STRIPE_SANDBOX_CONTROL_TOKEN: z.string().min(16).optional(),
    /** How long the emulator remembers an idempotency key, in seconds (Stripe: 24 hours). */
    STRIPE_SANDBOX_IDEMPOTENCY_TTL_SECONDS: z.coerce.number().int().min(1).default(86_400),
    /** Upstream request timeout for HTTP providers, in milliseconds. */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    ...liveEnvShape,
    /** SMTP server for outgoing mail (smtp://user:pass@host:587 or smtps://…). Unset: mail stays in the database. */
    SMTP_URL: optionalUrl,
    /** The From of outgoing mail. */
    MAIL_FROM: z.string().default('Public Data API <no-reply@localhost>'),
    /**
     * The operator of the deployment, as the terms of service and the privacy policy name it
     * (content/terms.md, content/privacy.md; lib/legal-pages.ts): its legal name, postal address
     * and contact email. Unset, the pages show placeholders, and a production start refuses or warns.
     */
    OPERATOR_NAME: z.string().trim().min(1).optional(),
    OPERATOR_ADDRESS: z.string().trim().min(1).optional(),
    OPERATOR_EMAIL: z.email().optional(),
    /** Where customers reach support: the console names it wherever it says "contact support" (a lost dispute, an operator's block), and in the terms. */
    SUPPORT_EMAIL: z.email().default('support@localhost'),
    /** The seller named on every invoice and its PDF (a Stripe custom field: 140 characters at most). */
    SELLER_NAME: z
      .string()
      .trim()
      .min(1)
      .max(140, 'SELLER_NAME: 140 characters at most (a Stripe invoice custom field)')
      .default('Public Data API'),
    /** The seller's postal address on every invoice and its PDF, one line (a Stripe custom field: 140 characters at most). */
    SELLER_ADDRESS: z
      .string()
      .trim()
      .max(140, 'SELLER_ADDRESS: 140 characters at most, on one line (a Stripe invoice custom field)')
      .optional(),
    /**
     * Shows stored mail at /dev/mailbox, to loopback clients only. scripts/run.ts decides it
     * (lib/dev-mailbox.ts): unset, on for the embedded database without SMTP, never for an operator's DATABASE_URL.
     */
    DEV_MAILBOX: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Billing batches one API process writes at once; one gives the largest batches. */
    /**
     * Days the request log (one row per call) is kept; the daily worker deletes older rows. Usage
     * totals, exports and invoices read the rollups, which are kept.
     */
    USAGE_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(400),
    /** Invoice-billed accounts (send_invoice): days a month's invoice is payable before it is overdue. */
    INVOICE_DAYS_UNTIL_DUE: z.coerce.number().int().min(1).max(365).default(30),
    /** The most a prepaid account may buy in credits at once, whole dollars (the least is $5). */
    CREDITS_MAX_PURCHASE_USD: z.coerce.number().int().min(5).max(100_000).default(500),
    USAGE_PARALLEL_FLUSHES: z.coerce.number().int().min(1).max(8).default(1),
  })
  .refine((e) => !e.LIVE_FORUMSITE_CLIENT_ID === !e.LIVE_FORUMSITE_CLIENT_SECRET, {
    path: ['LIVE_FORUMSITE_CLIENT_SECRET'],
    message: 'LIVE_FORUMSITE_CLIENT_ID and LIVE_FORUMSITE_CLIENT_SECRET go together: set both or neither',
  })
  .refine((e) => !e.LIVE_OPENMICRO_IDENTIFIER === !e.LIVE_OPENMICRO_PASSWORD, {
    path: ['LIVE_OPENMICRO_PASSWORD'],
    message: 'LIVE_OPENMICRO_IDENTIFIER and LIVE_OPENMICRO_PASSWORD go together: set both or neither',
  })
  .superRefine((e, context) => {
    for (const server of ['API', 'CONSOLE'] as const) {
      const keepAlive = e[`${server}_KEEP_ALIVE_TIMEOUT_MS`];
      const headers = e[`${server}_HEADERS_TIMEOUT_MS`];
      const request = e[`${server}_REQUEST_TIMEOUT_MS`];
      if (headers <= keepAlive)
        context.addIssue({
          code: 'custom',
          path: [`${server}_HEADERS_TIMEOUT_MS`],
          message: `must be above ${server}_KEEP_ALIVE_TIMEOUT_MS (${keepAlive})`,
        });
      if (request < headers)
        context.addIssue({
          code: 'custom',
          path: [`${server}_REQUEST_TIMEOUT_MS`],
          message: `must be at least ${server}_HEADERS_TIMEOUT_MS (${headers}): Node refuses a shorter one`,
        });
    }
  });

export type Env = z.infer<typeof schema>;

/**
 * The environment as name -> text, for the code that takes it as a parameter: the per-family
 * variables read by a name made from the family, and tests that hand in their own settings.
 */
export type EnvRecord = Readonly<Record<string, string | undefined>>;

/**
 * The whole environment as it is now, for the variables whose names are made from a family
 * (DATA_SOURCE_<FAMILY>, LIVE_<FAMILY>_URL and _REQUESTS_PER_MINUTE, _BURST, _CONCURRENCY,
 * UPSTREAM_<FAMILY>_URL, FAMILY_<FAMILY>_SOURCE and _DOMAIN), which the schema above cannot name
 * one by one; the code that knows the families checks them (lib/api/providers/sources.ts). Read
 * at each call, not once, so that a setting a test or a start script changes is seen.
 */
export function envRecord(): EnvRecord {
  return process.env;
}

/** The variables the app reads, for the test that keeps docs/configuration.md and .env.example in step. */
export const envVariableNames = (): string[] => Object.keys(schema.shape);

function parseEnv(): Env {
  // An empty value means unset (e.g. REDIS_URL= to turn Redis off for one process).
  const present = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export const env = parseEnv();
