// What the Meta platforms' Graph APIs share (photonet: the Instagram Graph API's business
// discovery; socialnet: the Facebook Graph API's page videos; textthreads: the Threads API): the
// access token as a bearer header, the error body, the throttling codes, cursor paging and the
// ISO times with a +0000 offset.
import { z } from 'zod';
import { ProviderError } from '../../registry/types';
import type { PlatformClient, PlatformResponse } from './platform-client';
import type { EnvRecord } from '@/lib/env';

/** The Graph API version the adapters ask for (a path prefix: /v21.0/…). */
export const GRAPH_VERSION = 'v21.0';

export interface GraphCall {
  platform: PlatformClient;
  token: string;
  signal: AbortSignal;
  log(message: string): void;
}

const errorBodySchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
  }),
});

export interface GraphError {
  message: string;
  code: number | undefined;
  subcode: number | undefined;
  type: string;
}

function graphError(body: unknown): GraphError {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return { message: '', code: undefined, subcode: undefined, type: 'unknown' };
  const { message, code, error_subcode: subcode, type } = parsed.data.error;
  return { message: message ?? '', code, subcode, type: type ?? 'unknown' };
}

/**
 * Throttling: Meta answers 400 (sometimes 403) with these codes rather than a 429: 4 app, 17 user,
 * 32 page, 613 custom limit, 80001-80014 a business use case's limit (Instagram 80002, pages 80001).
 */
function isThrottle(error: GraphError): boolean {
  const code = error.code ?? 0;
  return code === 4 || code === 17 || code === 32 || code === 613 || (code >= 80001 && code <= 80014);
}

/** Minutes Meta says the app waits (x-business-use-case-usage), else a minute. */
function regainSeconds(headers: Readonly<Record<string, string>>): number {
  try {
    const usage = JSON.parse(headers['x-business-use-case-usage'] ?? '{}') as Record<
      string,
      Array<{ estimated_time_to_regain_access?: number }>
    >;
    const minutes = Object.values(usage)
      .flat()
      .map((u) => u.estimated_time_to_regain_access ?? 0);
    const most = Math.max(0, ...minutes);
    return most > 0 ? most * 60 : 60;
  } catch {
    return 60;
  }
}

/** A GET on the Graph API with the token as a bearer header (never in the URL, the cache key or a log). */
export function graphGet(call: GraphCall, path: string, query: Record<string, string | number | undefined>) {
  return call.platform.request({
    path,
    query,
    headers: { authorization: `Bearer ${call.token}` },
    accept: [400, 401, 403, 404],
    signal: call.signal,
  });
}

/**
 * The answer to a non-2xx Graph page: throttling -> 429 upstream_rate_limit; the codes the caller
 * names as "no such account" -> not_found; anything else (a bad or expired token, a permission
 * the app lacks) -> a logged 502 naming the setting to check, never its value.
 */
export function graphFailure(
  call: GraphCall,
  page: PlatformResponse,
  where: { family: string; what: string; tokenSetting: string; notFound(error: GraphError): boolean; missing: string },
): ProviderError {
  const error = graphError(page.body);
  if (isThrottle(error)) {
    const seconds = regainSeconds(page.headers);
    call.log(`live ${where.family}: ${where.what} throttled (${page.status} code ${error.code}), 429 for ${seconds} s`);
    return new ProviderError(
      'upstream_rate_limit',
      `The ${where.family} platform is limiting requests; retry after ${seconds} s`,
      seconds,
    );
  }
  if (where.notFound(error)) return new ProviderError('not_found', where.missing);
  const hint =
    error.code === 190 || error.code === 10 || error.code === 200 || page.status === 401 || page.status === 403
      ? `: check ${where.tokenSetting} and the app's access`
      : '';
  call.log(
    `live ${where.family}: ${where.what} answered ${page.status} ${error.type} code ${error.code ?? '-'}/${error.subcode ?? '-'}${hint} (upstream_error)`,
  );
  return new ProviderError('upstream_error', `The ${where.family} platform refused the request (${page.status})`);
}

/** Cursor paging as every Graph edge gives it: `after` while a `next` page exists. */
export const graphPagingSchema = z
  .object({
    cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
    next: z.string().optional(),
  })
  .optional();

export function nextCursor(paging: z.infer<typeof graphPagingSchema>): string | undefined {
  return paging?.next ? paging.cursors?.after : undefined;
}

/** "2021-08-10T16:40:23+0000" -> seconds since the epoch. */
export function graphTimeSeconds(time: string): number {
  const ms = Date.parse(time.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(ms)) throw new Error(`not a Graph API time: ${time}`);
  return Math.floor(ms / 1000);
}

/** Seconds -> the spec's UTC "YYYY-MM-DD HH:MM:SS". */
export function utcText(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The token setting's value, trimmed; undefined when unset or blank. */
export function setting(env: EnvRecord, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}
