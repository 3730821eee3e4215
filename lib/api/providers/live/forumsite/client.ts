// The forum site's API as the adapter uses it: the listing and about.json paths, the cursor
// (`after`) walked 100 posts per platform request and cut into the spec's pages of 25, the
// statuses that mean an unknown, private, banned or quarantined community, and optional
// app-only OAuth (client credentials). Requests go only through the framework's PlatformClient.
import { z } from 'zod';
import type { ForumsiteCommunity, ForumsitePost } from '../../../registry/forumsite';
import { ProviderError } from '../../../registry/types';
import { parsePayload } from '../payload';
import type { PlatformClient, PlatformResponse } from '../platform-client';
import { communityPayload, listingPayload, mapCommunity, mapPost, postPayload, type Site } from './map';

/** The spec's page: 25 posts. */
export const PAGE_SIZE = 25;
/** Posts asked of the platform per request (its largest `limit`): one request serves four pages. */
export const PLATFORM_LIMIT = 100;
/** The platform stops a listing near 1,000 posts (10 requests); a walk (a flair filter's too) makes at most this many. */
const MAX_PLATFORM_REQUESTS = 12;
/** The spec's cap on a response: pages that would take it past this are not returned (nor billed). */
export const MAX_RESPONSE_BYTES = 3_500_000;
/** The platform's OAuth API host, used with credentials unless LIVE_FORUMSITE_URL names another base. */
export const OAUTH_BASE_URL = 'https://oauth.reddit.com';

/** The API's sort_by -> the listing path's sort. */
const sortPaths: Record<string, string> = {
  hot: 'hot',
  most_recent: 'new',
  top: 'top',
  rising: 'rising',
  controversial: 'controversial',
};
/** The API's posted_ago -> the listing's `t` (only top and controversial take one; 24h when omitted). */
export const timeWindows: Record<string, string> = {
  '1h': 'hour',
  '24h': 'day',
  '7d': 'week',
  '30d': 'month',
  '12m': 'year',
  all: 'all',
};

/** The community named by `community` (its r/ prefix already removed) or by the /r/<name> of `url`. */
export function communityFrom(params: { readonly community?: string; readonly url?: string }): string {
  if (params.community !== undefined) return params.community;
  const raw = (params.url ?? '').trim();
  let pathname = raw;
  try {
    pathname = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`).pathname;
  } catch {
    // not a URL: the /r/<name> part is read from the text as it is
  }
  const name = /(?:^|\/)r\/([A-Za-z0-9_]{2,100})(?:\/|$)/i.exec(pathname)?.[1];
  if (!name)
    throw new ProviderError('not_found', `The url names no community (expected /r/<name>): ${raw.slice(0, 100)}`);
  return name;
}

const refusalBody = z.object({ reason: z.string().optional() }).passthrough();

/**
 * What a 302, 403 or 404 means: the community does not exist (302 to the search page, 404, or
 * about.json's empty listing), is banned (404 or 403 with reason banned), private or quarantined
 * (403 with that reason). A 403 without a reason is the platform refusing this client.
 */
function refusal(page: PlatformResponse, community: string, log: (m: string) => void): ProviderError {
  const reason = refusalBody.safeParse(page.body).data?.reason ?? '';
  const name = `r/${community}`;
  if (page.status === 302) return new ProviderError('not_found', `No community ${name}`);
  if (page.status === 404)
    return new ProviderError('not_found', reason === 'banned' ? `${name} is banned` : `No community ${name}`);
  if (['private', 'banned', 'quarantined', 'gold_only'].includes(reason)) {
    const why =
      reason === 'quarantined'
        ? 'quarantined (its posts need a signed-in opt-in)'
        : reason === 'gold_only'
          ? 'restricted to premium members'
          : reason;
    return new ProviderError('not_found', `${name} is ${why}`);
  }
  log(
    `live forumsite: ${name} answered ${page.status} without a community reason (upstream_error): the platform is refusing this client (check LIVE_USER_AGENT, or set LIVE_FORUMSITE_CLIENT_ID/_SECRET)`,
  );
  return new ProviderError('upstream_error', `The forumsite platform refused the request (${page.status})`);
}

const tokenPayload = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

/** An app-only OAuth token (client credentials), fetched once and renewed before it expires. */
class AppToken {
  private value: { token: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly platform: PlatformClient,
    private readonly credentials: { id: string; secret: string },
    private readonly log: (message: string) => void,
  ) {}

  async get(signal: AbortSignal): Promise<string> {
    if (this.value && Date.now() < this.value.expiresAt) return this.value.token;
    this.pending ??= this.fetch(signal).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Forget the token (the platform refused a request made with it): the next call asks for a new one. */
  invalidate(): void {
    this.value = null;
  }

  private async fetch(signal: AbortSignal): Promise<string> {
    const basic = Buffer.from(`${this.credentials.id}:${this.credentials.secret}`).toString('base64');
    const page = await this.platform.request({
      method: 'POST',
      path: '/api/v1/access_token',
      form: { grant_type: 'client_credentials' },
      headers: { authorization: `Basic ${basic}` },
      accept: [400, 401, 403],
      signal,
    });
    if (page.status >= 400) {
      this.log(
        `live forumsite: the platform refused LIVE_FORUMSITE_CLIENT_ID/_SECRET (${page.status}) (upstream_error)`,
      );
      throw new ProviderError('upstream_error', "The forumsite platform refused this service's credentials");
    }
    const body = parsePayload(tokenPayload, page.body, { family: 'forumsite', what: 'access token', log: this.log });
    // Renewed a minute early (or at half its life when shorter), so no request carries an expired one.
    const margin = Math.min(60, body.expires_in / 2);
    this.value = { token: body.access_token, expiresAt: Date.now() + (body.expires_in - margin) * 1000 };
    return body.access_token;
  }
}

export interface ForumsiteClientOptions {
  platform: PlatformClient;
  site: Site;
  log(message: string): void;
  /** App-only OAuth credentials, or null for the public JSON. */
  credentials: { id: string; secret: string } | null;
  /** Where API requests go with credentials: the OAuth host, or undefined for the client's own base. */
  oauthBaseUrl: string | undefined;
}

export interface PostsQuery {
  community: string;
  sortBy: string;
  postedAgo: string | undefined;
  flair: string | undefined;
  pages: number;
}

export class ForumsiteClient {
  private readonly token: AppToken | null;

  constructor(private readonly options: ForumsiteClientOptions) {
    this.token = options.credentials ? new AppToken(options.platform, options.credentials, options.log) : null;
  }

  /** A GET of the platform (raw_json=1 added), with the app token when there are credentials. */
  async get(
    path: string,
    query: Record<string, string | number | undefined>,
    signal: AbortSignal,
  ): Promise<PlatformResponse> {
    const request = { path, query: { ...query, raw_json: 1 }, accept: [302, 403, 404], signal };
    if (!this.token) return this.options.platform.request(request);
    const token = await this.token.get(signal);
    try {
      return await this.options.platform.request({
        ...request,
        baseUrl: this.options.oauthBaseUrl,
        headers: { authorization: `bearer ${token}` },
      });
    } catch (error) {
      // A refused token (401) or any platform failure: the next call starts with a fresh token.
      if (error instanceof ProviderError && error.code === 'upstream_error') this.token.invalidate();
      throw error;
    }
  }

  /**
   * Mapped pages by the platform body they came from: a page the cache hands out again (the same
   * parsed object) is checked and mapped once. Its records are shared, so callers copy them.
   */
  private readonly mapped = new WeakMap<object, MappedPage>();

  /** One listing request: up to 100 posts (with their JSON sizes) and the cursor of the next. */
  private async listing(query: PostsQuery, after: string | undefined, signal: AbortSignal): Promise<MappedPage> {
    const sort = sortPaths[query.sortBy] ?? 'hot';
    const t = sort === 'top' || sort === 'controversial' ? timeWindows[query.postedAgo ?? '24h'] : undefined;
    const page = await this.get(`/r/${query.community}/${sort}.json`, { limit: PLATFORM_LIMIT, after, t }, signal);
    if (page.status !== 200) throw refusal(page, query.community, this.options.log);
    const known = typeof page.body === 'object' && page.body !== null ? this.mapped.get(page.body) : undefined;
    if (known) return known;
    const listing = parsePayload(listingPayload, page.body, {
      family: 'forumsite',
      what: `r/${query.community}/${sort} listing`,
      log: this.options.log,
    });
    const posts: ForumsitePost[] = [];
    for (const [index, child] of listing.data.children.entries()) {
      if (child.kind !== 't3') continue; // a listing of a community holds posts only; anything else is skipped
      const post = parsePayload(postPayload, child.data, {
        family: 'forumsite',
        what: `post ${index} of r/${query.community}/${sort}`,
        log: this.options.log,
      });
      posts.push(mapPost(post, this.options.site));
    }
    const mapped: MappedPage = {
      posts,
      sizes: posts.map((post) => Buffer.byteLength(JSON.stringify(post))),
      after: listing.data.after ?? null,
    };
    if (typeof page.body === 'object' && page.body !== null) this.mapped.set(page.body, mapped);
    return mapped;
  }

  /**
   * pages=N: walks the cursor until N pages of 25 posts (those of the flair, when given) are in
   * hand or the listing ends. Posts come in the platform's order, as it sends them.
   */
  async posts(query: PostsQuery, signal: AbortSignal): Promise<{ posts: ForumsitePost[]; pagesReturned: number }> {
    const wanted = query.pages * PAGE_SIZE;
    const flair = query.flair?.toLowerCase();
    const posts: ForumsitePost[] = [];
    const sizes: number[] = [];
    let after: string | undefined;
    let platformRequests = 0;
    let fetched = 0;
    while (posts.length < wanted) {
      const page = await this.listing(query, after, signal);
      platformRequests += 1;
      fetched += page.posts.length;
      page.posts.forEach((post, index) => {
        if (flair !== undefined && post.flair.toLowerCase() !== flair) return;
        posts.push(post);
        sizes.push(page.sizes[index]!);
      });
      const more = page.after && page.after !== after && page.posts.length > 0;
      if (!more || platformRequests >= MAX_PLATFORM_REQUESTS) break;
      after = page.after!;
    }
    if (fetched === 0) await this.community(query.community, signal); // an empty listing of an unknown community is a 404
    const kept = cappedCount(sizes.slice(0, wanted));
    // Copies: the gateway adds `sentiment` to the records it sends, and these may be shared.
    return { posts: posts.slice(0, kept).map((post) => ({ ...post })), pagesReturned: Math.ceil(kept / PAGE_SIZE) };
  }

  async community(community: string, signal: AbortSignal): Promise<ForumsiteCommunity> {
    const page = await this.get(`/r/${community}/about.json`, {}, signal);
    if (page.status !== 200) throw refusal(page, community, this.options.log);
    // An unknown community's about.json is an empty Listing rather than a t5.
    const kind = z.object({ kind: z.string() }).safeParse(page.body).data?.kind;
    if (kind === 'Listing') throw new ProviderError('not_found', `No community r/${community}`);
    const about = parsePayload(z.object({ kind: z.literal('t5'), data: communityPayload }), page.body, {
      family: 'forumsite',
      what: `r/${community} about`,
      log: this.options.log,
    });
    return mapCommunity(about.data);
  }
}

interface MappedPage {
  posts: readonly ForumsitePost[];
  /** Each post's JSON size in bytes, for the response cap. */
  sizes: readonly number[];
  after: string | null;
}

/** Posts kept: whole pages of 25 within the response cap (the first page always goes). */
export function cappedCount(sizes: readonly number[]): number {
  let bytes = 0;
  let kept = 0;
  for (let start = 0; start < sizes.length; start += PAGE_SIZE) {
    const page = sizes.slice(start, start + PAGE_SIZE);
    bytes += page.reduce((sum, size) => sum + size + 1, 0);
    if (bytes > MAX_RESPONSE_BYTES && start > 0) break;
    kept = start + page.length;
  }
  return kept;
}
