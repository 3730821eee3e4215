// Small generators shared by the newsletter, videosite, forumsite, socialnet, textthreads and news
// sandboxes: slugs, paging and per-item seeds (people come from ./people). Plain loops only, because the
// sandbox runs inside throughput benchmarks.
import { Rng, availableItems, rngFor } from './random';

// People come from the one generator all sandboxes share.
export { person } from './people';

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
 * `sizeOf`. A page is only returned when it holds at least one item. The plan draws from its own
 * stream of the list's seed, so page k holds the same items whatever `pages` asks for, and where
 * the results end depends on the query alone.
 */
export function planPages(
  seed: number,
  pages: number,
  pageSize: number,
  maxPages: number,
  sizeOf: (rng: Rng) => number = () => pageSize,
): PagingPlan {
  const rng = itemRng(seed, -1);
  let remaining = availableItems(rng, pageSize, maxPages);
  const perPage: number[] = [];
  let count = 0;
  for (let p = 0; p < pages && remaining > 0; p++) {
    const n = Math.min(sizeOf(rng), remaining);
    remaining -= n;
    if (n <= 0) break;
    perPage.push(n);
    count += n;
  }
  return { perPage, count };
}

/**
 * A call's generator seeded by everything but `pages`: what it draws (the list's seed, a top
 * score) is the same for every page count. Draw call-level values from it before the items.
 */
export function listRng(path: string, params: Record<string, unknown>): Rng {
  const stable: Record<string, unknown> = {};
  for (const key of Object.keys(params)) if (key !== 'pages') stable[key] = params[key];
  return rngFor(path, stable);
}

/** The stream for a list's timestamps: newest first, the same prefix whatever the count. */
export function timesRng(seed: number): Rng {
  return itemRng(seed, -2);
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
