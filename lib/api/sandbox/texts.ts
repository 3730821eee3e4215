// Small generators shared by the newsletter, videosite, forumsite, socialnet, textthreads and news
// sandboxes: slugs, paging and per-item seeds (people come from ./people). Plain loops only, because the
// sandbox runs inside throughput benchmarks.
import { Rng, availableItems } from './random';

// People come from the one generator all sandboxes share.
export { person, type Person } from './people';

/** URL-safe lowercase words joined by dashes. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** Title-cases a query or slug for display ("climate-tech" → "Climate Tech"). */
export function titleCase(text: string): string {
  return text
    .replace(/[-_]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/**
 * A generator for item i derived from the call's seed: each item draws from its own stream, so
 * one record's optional fields do not shift the next record, and building stays a plain loop.
 */
export function itemRng(baseSeed: number, index: number): Rng {
  return new Rng((baseSeed + Math.imul(index + 1, 0x9e3779b1)) >>> 0);
}

/** A seed for itemRng drawn from the call's generator. */
export function baseSeed(rng: Rng): number {
  return rng.int(0, 0xffffffff);
}

export interface PagingPlan {
  /** Items on each returned page, in order; its length is the number of pages returned. */
  perPage: number[];
  /** Total items over all returned pages. */
  count: number;
}

/**
 * How many items each requested page holds. Some queries run out before the last page asked for
 * (availableItems); `pageSize` may vary per page (a feed that drops mixed-in posts) through
 * `sizeOf`. A page is only returned when it holds at least one item.
 */
export function planPages(
  rng: Rng,
  pages: number,
  pageSize: number,
  maxPages: number,
  sizeOf: (pageIndex: number) => number = () => pageSize,
): PagingPlan {
  let remaining = availableItems(rng, pageSize, maxPages);
  const perPage: number[] = [];
  let count = 0;
  for (let p = 0; p < pages && remaining > 0; p++) {
    const n = Math.min(sizeOf(p), remaining);
    remaining -= n;
    if (n <= 0) break;
    perPage.push(n);
    count += n;
  }
  return { perPage, count };
}

/** Timestamps newest first: each item a random gap older than the previous one. */
export function descendingTimes(rng: Rng, start: number, count: number, maxGapSeconds: number): number[] {
  const out: number[] = new Array<number>(count);
  let t = start;
  for (let i = 0; i < count; i++) {
    t -= rng.int(30, Math.max(31, maxGapSeconds));
    out[i] = t;
  }
  return out;
}

/** Compact counts as platforms show them ("1.2K", "3.4M"). */
export function compactCount(n: number): string {
  if (n >= 1_000_000_000) return `${(n / 1_000_000_000).toFixed(1).replace(/\.0$/, '')}B`;
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1).replace(/\.0$/, '')}K`;
  return String(n);
}
