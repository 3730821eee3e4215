// A family's data from an HTTP upstream the operator runs: the same path and query as our API,
// with a bearer secret. Responses are validated against the registry's record schemas; invalid
// records are dropped and logged, never passed on. Upstream trouble maps to the API's codes.
import { z } from 'zod';
import { logger } from '@/lib/observability/logger';
import {
  ProviderError,
  type EndpointDefinition,
  type Provider,
  type ProviderErrorCode,
  type ProviderResult,
} from '../registry/types';

const passThroughCodes = new Set<ProviderErrorCode>([
  'not_found',
  'channel_not_found',
  'private_account',
  'limited_account',
]);

export interface HttpProviderOptions {
  baseUrl: string;
  secret?: string;
  log?: (message: string) => void;
}

export class HttpProvider implements Provider {
  private readonly log: (message: string) => void;

  constructor(private readonly options: HttpProviderOptions) {
    this.log = options.log ?? ((m) => logger.warn(m));
  }

  async call(
    endpoint: EndpointDefinition,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<ProviderResult> {
    const url = new URL(this.options.baseUrl.replace(/\/+$/, '') + endpoint.path);
    for (const [name, value] of Object.entries(params)) {
      // Sentiment is ours to compute; the upstream only supplies records.
      if (value !== undefined && name !== 'get_sentiment') url.searchParams.set(name, String(value));
    }
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          accept: 'application/json',
          ...(this.options.secret ? { authorization: `Bearer ${this.options.secret}` } : {}),
        },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error; // the gateway tells a timeout from a client that left
      throw new ProviderError('upstream_error', 'The upstream platform could not be reached');
    }
    if (!response.ok) throw await this.errorFor(response);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ProviderError('upstream_error', 'The upstream platform sent a response that is not JSON');
    }
    const cleaned = this.dropInvalidRecords(endpoint, body);
    const checked = endpoint.response.safeParse(cleaned);
    if (!checked.success) {
      this.log(
        `upstream ${endpoint.path}: response rejected: ${checked.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      );
      throw new ProviderError('upstream_error', 'The upstream platform sent an invalid response');
    }
    const data = checked.data as Record<string, unknown>;
    const pages = typeof data.pages === 'number' ? data.pages : 1;
    return { body: data, pagesReturned: endpoint.billingUnit === 'page' ? pages : 1 };
  }

  private async errorFor(response: Response): Promise<ProviderError> {
    const body = (await response.json().catch(() => null)) as { code?: string; error?: string } | null;
    const code = body?.code as ProviderErrorCode | undefined;
    if (code && passThroughCodes.has(code)) return new ProviderError(code, body?.error ?? code.replace(/_/g, ' '));
    if (response.status === 404) return new ProviderError('not_found', body?.error ?? 'Not found');
    if (response.status === 429)
      return new ProviderError('upstream_rate_limit', 'The upstream platform is limiting requests; retry with backoff');
    if (response.status === 504 || response.status === 408)
      return new ProviderError('upstream_timeout', 'The upstream platform timed out');
    return new ProviderError('upstream_error', `The upstream platform answered ${response.status}`);
  }

  /** Removes records that do not match their schema from every list in the body. */
  private dropInvalidRecords(endpoint: EndpointDefinition, body: unknown): unknown {
    if (!(endpoint.response instanceof z.ZodObject) || typeof body !== 'object' || body === null) return body;
    const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    let dropped = 0;
    let kept = 0;
    for (const [field, schema] of Object.entries(endpoint.response.shape as Record<string, z.ZodType>)) {
      const list = out[field];
      if (!(schema instanceof z.ZodArray) || !Array.isArray(list)) continue;
      const element = schema.element as z.ZodType;
      const valid = list.filter((record) => element.safeParse(record).success);
      dropped += list.length - valid.length;
      kept += valid.length;
      out[field] = valid;
    }
    if (dropped > 0) {
      this.log(`upstream ${endpoint.path}: dropped ${dropped} invalid record(s)`);
      if (typeof out.count === 'number') out.count = kept;
    }
    return out;
  }
}
