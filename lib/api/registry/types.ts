// The shape of one endpoint definition. The registry (lib/api/registry/index.ts) holds one per
// endpoint; the gateway, billing, OpenAPI document, docs and explorer all read it.
import type { z } from 'zod';

export const families = [
  'shop',
  'openmicro',
  'socialnet',
  'photonet',
  'forumsite',
  'newsletter',
  'textthreads',
  'clipnet',
  'politicnet',
  'videosite',
  'xnet',
  'news',
  'reviewsite',
  'pronet',
  'websearch',
  'places',
] as const;
export type Family = (typeof families)[number];

/**
 * Where the reference, the explorer and the OpenAPI tags list an endpoint: under its data family,
 * or under 'platform' for the service's own endpoints (batch, the key check, usage).
 */
export type EndpointGroup = Family | 'platform';

// Error codes a provider may answer with besides success (see lib/api/errors.ts for statuses).
export type ProviderErrorCode =
  | 'not_found'
  | 'channel_not_found'
  | 'private_account'
  | 'limited_account'
  | 'upstream_rate_limit'
  | 'upstream_error'
  | 'upstream_timeout'
  // A live platform refused the caller's own input (e.g. a search query it cannot parse).
  | 'invalid_parameter';

/**
 * An endpoint's query-parameter schema: a z.strictObject whose fields parse the raw query-string
 * values (strings), built with the helpers in ./params.ts.
 */
type ParamsSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/**
 * One endpoint, generic over its parameter schema: what varies with the parameters (the most
 * units a call may bill) reads them as that schema's output. The registry keeps each definition's
 * own schema type, so the providers' handlers, keyed by path (./index.ts `ParamsOf`), read typed,
 * validated parameters; code that handles any endpoint uses the default, `EndpointDefinition`.
 */
export interface EndpointDefinition<S extends ParamsSchema = ParamsSchema> {
  /** Full path, e.g. "/v1/shop/products". */
  path: `/v1/${string}`;
  /**
   * The data family the endpoint serves; null for the service's own endpoints (batch, the key
   * check, usage), which read no platform's data. `endpointGroup` says where it is listed.
   */
  family: Family | null;
  /** One line for lists and the OpenAPI summary. */
  summary: string;
  /** Longer notes from the spec (pagination caveats, what is returned), for docs. */
  description: string;
  /**
   * Query parameters. A z.strictObject whose fields parse the raw query-string values (strings)
   * and carry every rule of the spec; built with the helpers in ./params.ts so that every
   * failure message names the parameter and the rule.
   */
  params: S;
  /** The success body. */
  response: z.ZodType;
  /** Price of one billable unit in micro-dollars ($0.005 = 5000). */
  priceMicros: number;
  /** 'page': billed per page returned (endpoint takes `pages`); 'request': one unit per call. */
  billingUnit: 'request' | 'page';
  /**
   * Optional: the most units a call with these parameters may bill, when the default does not
   * say it (./units.ts: `pages` for an endpoint billed per page that takes `pages`, else 1). What
   * the call's holds cover, and more than its bill never is (photonet following: one page with
   * `query`, whatever `pages` says).
   */
  maxUnits?(params: z.output<S>): number;
  /** Items per page where the spec gives it. */
  pageSize?: number;
  /** Name and maximum of the paging parameter, if any. */
  paging?: { param: 'pages' | 'page'; max: number | null };
  /** Simultaneous requests per account to this endpoint (10, or 5 for shop products). */
  concurrency: number;
  /** Whether `get_sentiment` is accepted. */
  sentiment: boolean;
  /**
   * Where sentiment goes when get_sentiment=true: the array field of the body holding the
   * records, and the record field holding the text to analyse; `title`, when the records have a
   * title a person wrote (a forum post's, an article's; not one made from the text), is read with
   * the text, title first, as a person reads them.
   */
  sentimentTarget?: { list: string; text: string; title?: string };
  /**
   * Provider errors that are billed, and as how many units (the spec's "Billing on errors").
   * Any error code not listed here is not billed.
   */
  billedErrors: Partial<Record<ProviderErrorCode, number>>;
  /** Method; every endpoint is GET except the batch endpoint. */
  method: 'GET' | 'POST';
  /** Example query for docs and the explorer. */
  example: Readonly<Record<string, string | undefined>>;
}

/** A data endpoint: one that serves a family's data. */
export type DataEndpointDefinition = EndpointDefinition & { family: Family };

/** Where an endpoint is listed: its family, or 'platform' for the service's own endpoints. */
export function endpointGroup(endpoint: Pick<EndpointDefinition, 'family'>): EndpointGroup {
  return endpoint.family ?? 'platform';
}

/** What a provider returns for a successful call. */
export interface ProviderResult {
  body: Record<string, unknown>;
  /** Pages actually returned (1 for endpoints billed per request). */
  pagesReturned: number;
}

export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    /** For upstream_rate_limit: the platform's Retry-After in seconds, passed on to the client. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** One family's data source: the sandbox by default, an HTTP upstream when configured. */
export interface Provider {
  /**
   * Answers from this process (the sandbox): the gateway keeps no deadline and wires no
   * cancellation for it (an AbortController, a timer and a listener per call otherwise), and
   * passes a signal that never aborts.
   */
  readonly local?: boolean;
  call(endpoint: EndpointDefinition, params: Record<string, unknown>, signal: AbortSignal): Promise<ProviderResult>;
}
