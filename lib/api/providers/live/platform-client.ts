// Requests to one platform, for its adapter: the base address, the User-Agent, the politeness
// (token bucket, concurrency cap, Retry-After), the page cache with one request for many
// simultaneous askers, the per-request timeout and the errors every platform shares:
//   429                         -> 429 upstream_rate_limit, the platform's Retry-After passed on
//   5xx, other statuses, reset,
//   a body that is not JSON     -> 502 upstream_error, logged with the platform's status
//   past the timeout            -> 504 upstream_timeout
// Statuses an adapter gives meaning to (404 unknown community, 403 private account) are listed
// in `accept` and handed back to it. Headers (credentials) and request bodies are never logged.
import type { LookupFunction } from 'node:net';
import { Agent, request as undiciRequest } from 'undici';
import { countUpstream } from '@/lib/observability/metrics';
import { ProviderError } from '../../registry/types';
import type { CachedPage, PageCache } from './page-cache';
import type { Politeness } from './politeness';

export interface PlatformRequest {
  method?: 'GET' | 'POST';
  /** Path under the base address, starting with '/', e.g. '/r/programming/new.json'. */
  path: string;
  /** Query parameters; undefined values are left out. */
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Extra headers, e.g. authorization: never logged. */
  headers?: Readonly<Record<string, string>>;
  /** A JSON request body (POST). */
  json?: unknown;
  /** A form request body (POST, application/x-www-form-urlencoded), e.g. an OAuth token request. */
  form?: Readonly<Record<string, string>>;
  /** Another base address of the same platform (e.g. its OAuth API host); default the client's. */
  baseUrl?: string;
  /** Non-2xx statuses handed back to the adapter instead of failing (e.g. [403, 404]). */
  accept?: readonly number[];
  /** Keep the answer in the page cache (default: GET yes, POST no). */
  cache?: boolean;
  /** The gateway's signal: the call's deadline and the client leaving. */
  signal: AbortSignal;
}

export interface PlatformResponse {
  status: number;
  /** Parsed JSON (null for an empty body of an accepted status). Shared with the cache: never mutate it. */
  body: unknown;
  /** Response headers, lower-case names. */
  headers: Readonly<Record<string, string>>;
  fromCache: boolean;
  /** Answered by another caller's identical request in flight at the same time (no request of its own: quota counting). */
  joined: boolean;
}

export interface PlatformClientOptions {
  family: string;
  baseUrl: string;
  userAgent: string;
  /** One platform request's deadline (UPSTREAM_TIMEOUT_MS). */
  timeoutMs: number;
  politeness: Politeness;
  cache: PageCache;
  log(message: string): void;
  retryAfterSeconds?(headers: Readonly<Record<string, string>>): number | undefined;
  /** Largest body read (default 16 MB); a larger one is an upstream_error. */
  maxResponseBytes?: number;
  /** Connections kept open to the platform (default 8). */
  connections?: number;
  /** The connections' DNS lookup (default the system's): LiveAdapter.connectLookup. */
  lookup?: LookupFunction;
}

interface Flight {
  promise: Promise<CachedPage>;
  controller: AbortController;
  waiters: number;
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export class PlatformClient {
  readonly family: string;
  readonly baseUrl: string;
  private readonly agent: Agent;
  private readonly inFlight = new Map<string, Flight>();

  constructor(private readonly options: PlatformClientOptions) {
    this.family = options.family;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      connections: options.connections ?? 8,
      ...(options.lookup ? { connect: { lookup: options.lookup } } : {}),
    });
  }

  /** The full address of a request (for links an adapter builds from the platform's base). */
  url(path: string, query?: PlatformRequest['query'], baseUrl = this.baseUrl): string {
    const url = new URL(baseUrl.replace(/\/+$/, '') + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  /** GET (or POST) a JSON document from the platform. */
  async request(request: PlatformRequest): Promise<PlatformResponse> {
    const url = this.url(request.path, request.query, request.baseUrl);
    const method = request.method ?? 'GET';
    const cacheable = (request.cache ?? method === 'GET') && this.options.cache.enabled;
    if (!cacheable)
      return this.interpret(
        await countUpstream(this.family, this.fetchPage(method, url, request, request.signal)),
        request,
        false,
        false,
      );
    const key = `${this.family} ${method} ${url}`;
    const hit = this.options.cache.get(key);
    if (hit) return this.interpret(hit, request, true, false);
    const joined = this.inFlight.has(key);
    const page = await this.shared(key, method, url, request);
    // Only answers that mean the same thing next minute are kept: data and the adapter's statuses.
    if ((page.status >= 200 && page.status < 300) || request.accept?.includes(page.status))
      this.options.cache.set(key, page);
    return this.interpret(page, request, false, joined);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** Simultaneous askers of one page share one platform request; it is abandoned only when all have left. */
  private shared(key: string, method: string, url: string, request: PlatformRequest): Promise<CachedPage> {
    let flight = this.inFlight.get(key);
    if (!flight) {
      const controller = new AbortController();
      const promise = countUpstream(this.family, this.fetchPage(method, url, request, controller.signal)).finally(() =>
        this.inFlight.delete(key),
      );
      flight = { promise, controller, waiters: 0 };
      this.inFlight.set(key, flight);
    }
    const joined = flight;
    joined.waiters += 1;
    const { signal } = request;
    return new Promise<CachedPage>((resolve, reject) => {
      const onAbort = () => {
        joined.waiters -= 1;
        if (joined.waiters === 0) joined.controller.abort(signal.reason);
        reject(signal.reason);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      joined.promise.then(
        (page) => {
          signal.removeEventListener('abort', onAbort);
          resolve(page);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** One platform request: politeness, timeout, body read and parsed. Errors as ProviderError. */
  private async fetchPage(
    method: string,
    url: string,
    request: PlatformRequest,
    signal: AbortSignal,
  ): Promise<CachedPage> {
    const where = `live ${this.family}: ${method} ${request.path}`;
    const release = await this.options.politeness.acquire(signal);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = AbortSignal.any([signal, timeout]);
    try {
      const response = await undiciRequest(url, {
        method: method as 'GET' | 'POST',
        dispatcher: this.agent,
        signal: combined,
        headers: {
          'user-agent': this.options.userAgent,
          accept: 'application/json',
          ...(request.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(request.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...request.headers,
        },
        body:
          request.form !== undefined
            ? new URLSearchParams(request.form).toString()
            : request.json !== undefined
              ? JSON.stringify(request.json)
              : undefined,
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const text = await this.readBody(response.body, where);
      const status = response.statusCode;
      if (status === 429) {
        const seconds = this.options.retryAfterSeconds?.(headers) ?? parseRetryAfter(headers['retry-after']) ?? 1;
        await this.options.politeness.pauseUntil(Date.now() + seconds * 1000);
        this.options.log(`${where}: platform answered 429, pausing ${seconds} s`);
        throw new ProviderError(
          'upstream_rate_limit',
          `The ${this.family} platform is limiting requests; retry after ${seconds} s`,
          seconds,
        );
      }
      const accepted = (status >= 200 && status < 300) || request.accept?.includes(status);
      if (!accepted) {
        this.options.log(`${where}: platform answered ${status} (upstream_error)`);
        throw new ProviderError('upstream_error', `The ${this.family} platform answered ${status}`);
      }
      let body: unknown = null;
      // A redirect's body (a web server's short HTML page) is never the answer: only its status is.
      const redirect = status >= 300 && status < 400;
      if (!redirect && (text.length > 0 || status < 300)) {
        try {
          body = JSON.parse(text);
        } catch {
          this.options.log(`${where}: platform answered ${status} with a body that is not JSON (upstream_error)`);
          throw new ProviderError('upstream_error', `The ${this.family} platform sent a response that is not JSON`);
        }
      }
      return { status, headers, body, bytes: text.length };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (signal.aborted) throw signal.reason; // the gateway's deadline or the client leaving: it tells which
      if (timeout.aborted) {
        this.options.log(`${where}: no answer within ${this.options.timeoutMs} ms (upstream_timeout)`);
        throw new ProviderError(
          'upstream_timeout',
          `The ${this.family} platform did not answer within ${this.options.timeoutMs / 1000} s`,
        );
      }
      const reason = (error as { code?: string }).code ?? (error instanceof Error ? error.name : 'error');
      this.options.log(`${where}: request failed (${reason}) (upstream_error)`);
      throw new ProviderError('upstream_error', `The ${this.family} platform could not be reached`);
    } finally {
      release();
    }
  }

  private async readBody(body: AsyncIterable<Buffer>, where: string): Promise<string> {
    const limit = this.options.maxResponseBytes ?? 16 * 1024 * 1024;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > limit) {
        this.options.log(`${where}: response larger than ${limit} bytes (upstream_error)`);
        throw new ProviderError('upstream_error', `The ${this.family} platform sent a response too large to read`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private interpret(page: CachedPage, request: PlatformRequest, fromCache: boolean, joined: boolean): PlatformResponse {
    const ok = (page.status >= 200 && page.status < 300) || request.accept?.includes(page.status);
    if (!ok) throw new ProviderError('upstream_error', `The ${this.family} platform answered ${page.status}`);
    return { status: page.status, body: page.body, headers: page.headers, fromCache, joined };
  }
}
