// Platform pages kept for a short while (LIVE_CACHE_SECONDS) so that many customers asking for
// the same listing cost one platform request; bounded by size (LIVE_CACHE_MAX_MB) with lru-cache.
// One cache per process, shared by every family (keys start with the family).
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON, shared by every reader: adapters map it, never mutate it. */
  body: unknown;
  /** Size of the raw body, for the bound. */
  bytes: number;
}

export class PageCache {
  private readonly lru: LRUCache<string, CachedPage> | null;

  constructor(options: { ttlSeconds: number; maxBytes: number }) {
    this.lru =
      options.ttlSeconds > 0 && options.maxBytes > 0
        ? new LRUCache<string, CachedPage>({
            ttl: options.ttlSeconds * 1000,
            maxSize: options.maxBytes,
            // A page larger than the whole bound is simply not kept.
            maxEntrySize: options.maxBytes,
            sizeCalculation: (page) => Math.max(1, page.bytes + 256),
            ttlAutopurge: false,
          })
        : null;
  }

  get enabled(): boolean {
    return this.lru !== null;
  }

  get(key: string): CachedPage | undefined {
    return this.lru?.get(key);
  }

  set(key: string, page: CachedPage): void {
    this.lru?.set(key, page);
  }

  clear(): void {
    this.lru?.clear();
  }
}
