// One feed request, for the news ingest. The framework's PlatformClient reads JSON and caches pages
// for API calls; a feed is XML fetched by the worker with its validators (If-None-Match,
// If-Modified-Since), so this is a small client of its own on the same parts: undici, the
// operator's LIVE_USER_AGENT, UPSTREAM_TIMEOUT_MS per request, and the framework's token bucket
// and concurrency cap (LIVE_NEWS_REQUESTS_PER_MINUTE, _BURST, _CONCURRENCY).
import { Agent, request } from 'undici';
import { parseRetryAfter } from '@/lib/api/providers/live/platform-client';
import type { Politeness } from '@/lib/api/providers/live/politeness';

/** The validators of the last answer that was read, sent back for a conditional request. */
export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedResponse =
  | { status: 'not-modified' }
  | { status: 'fresh'; bytes: Uint8Array; contentType: string | undefined; validators: FeedValidators };

/** A fetch that brought no feed: the message goes to the feed's last error. */
export class FeedFetchError extends Error {
  constructor(
    message: string,
    /** The feed server's status; null when it did not answer. */
    readonly httpStatus: number | null,
    /** A 429's or 503's Retry-After, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

export interface FeedClientOptions {
  userAgent: string;
  timeoutMs: number;
  politeness: Politeness;
  /** Largest feed read (default 8 MB). */
  maxBytes?: number;
  /** Connections kept open per feed host. */
  connections?: number;
}

const ACCEPT =
  'application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.5';

export class FeedClient {
  private readonly agent: Agent;

  constructor(private readonly options: FeedClientOptions) {
    this.agent = new Agent({ keepAliveTimeout: 10_000, connections: options.connections ?? 4, maxRedirections: 5 });
  }

  /** GETs a feed, conditionally when validators are given; a 304 answers 'not-modified'. */
  async fetch(
    url: string,
    validators: FeedValidators,
    signal: AbortSignal = new AbortController().signal,
  ): Promise<FeedResponse> {
    const release = await this.options.politeness.acquire(signal);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await request(url, {
        method: 'GET',
        dispatcher: this.agent,
        signal: AbortSignal.any([signal, timeout]),
        headers: {
          'user-agent': this.options.userAgent,
          accept: ACCEPT,
          ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
          ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
        },
      });
      const header = (name: string) => {
        const value = response.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const status = response.statusCode;
      if (status === 304) {
        await response.body.dump();
        return { status: 'not-modified' };
      }
      if (status < 200 || status >= 300) {
        await response.body.dump();
        const retryAfter = status === 429 || status === 503 ? parseRetryAfter(header('retry-after')) : undefined;
        throw new FeedFetchError(`answered ${status}`, status, retryAfter);
      }
      const bytes = await this.readBody(response.body);
      return {
        status: 'fresh',
        bytes,
        contentType: header('content-type'),
        validators: { etag: header('etag') ?? null, lastModified: header('last-modified') ?? null },
      };
    } catch (error) {
      if (error instanceof FeedFetchError) throw error;
      if (signal.aborted) throw signal.reason;
      if (timeout.aborted) throw new FeedFetchError(`no answer within ${this.options.timeoutMs / 1000} s`, null);
      const reason = (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
      throw new FeedFetchError(`request failed (${reason})`, null);
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private async readBody(body: AsyncIterable<Buffer>): Promise<Uint8Array> {
    const limit = this.options.maxBytes ?? 8 * 1024 * 1024;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > limit) throw new FeedFetchError(`larger than ${limit / 1024 / 1024} MB`, 200);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
}
