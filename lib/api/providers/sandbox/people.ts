// Building blocks shared by the shop, photonet, clipnet, openmicro and politicnet sandboxes:
// people, handles, paging windows and per-item randomness. Kept to plain loops and short
// template strings because the sandbox also serves the throughput benchmarks.
import { availableItems, Rng, rngFor } from './random';

const firstNames = [
  'Ava',
  'Liam',
  'Maya',
  'Noah',
  'Zoe',
  'Ethan',
  'Lena',
  'Omar',
  'Sofia',
  'Kai',
  'Nina',
  'Lucas',
  'Aria',
  'Mateo',
  'Ivy',
  'Jonas',
  'Priya',
  'Diego',
  'Hana',
  'Felix',
  'Chloe',
  'Ravi',
  'Elena',
  'Theo',
];
const lastNames = [
  'Carter',
  'Nguyen',
  'Silva',
  'Okafor',
  'Müller',
  'Rossi',
  'Kim',
  'Haddad',
  'Novak',
  'Garcia',
  'Larsen',
  'Tanaka',
  'Dubois',
  'Patel',
  'Moreau',
  'Cohen',
  'Walsh',
  'Ivanova',
  'Santos',
  'Berg',
];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export interface Person {
  name: string;
  handle: string;
}

/** A display name and a matching lowercase handle, e.g. "Maya Silva" / "maya.silva92". */
export function person(rng: Rng): Person {
  const first = rng.pick(firstNames);
  const last = rng.pick(lastNames);
  const separator = rng.pick(['', '.', '_']);
  const suffix = rng.bool(0.6) ? String(rng.int(1, 999)) : '';
  const handle = `${first}${separator}${last}${suffix}`.toLowerCase().replace(/ü/g, 'u');
  return { name: `${first} ${last}`, handle };
}

/**
 * A seed for one call that leaves out `pages`, so that asking for more pages extends the same
 * list instead of producing a different one (page 1 of pages=1 equals page 1 of pages=5).
 */
export function listSeed(path: string, params: Record<string, unknown>): number {
  const stable: Record<string, unknown> = {};
  for (const key of Object.keys(params)) if (key !== 'pages' && key !== 'page') stable[key] = params[key];
  return rngFor(path, stable).int(0, 0x7fffffff);
}

/** An independent generator for item `index` of a list: items do not depend on their neighbours. */
export function itemRng(seed: number, index: number): Rng {
  return new Rng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
}

export interface PageWindow {
  /** Items that exist for the query (what the platform would report as its total, capped). */
  available: number;
  /** Items returned for the pages asked for. */
  count: number;
  /** Pages returned (at least 1: an empty or short first page is still one page fetched). */
  pages: number;
}

/**
 * How many items a call returns: some queries run out before the last requested page, and only
 * the pages returned are billed. `cap` bounds endpoints whose lists are short in practice.
 */
export function pageWindow(
  rng: Rng,
  pageSize: number,
  requested: number,
  maxPages: number,
  cap = Infinity,
): PageWindow {
  const available = Math.max(1, Math.min(cap, availableItems(rng, pageSize, maxPages)));
  const count = Math.min(available, requested * pageSize);
  return { available, count, pages: Math.max(1, Math.ceil(count / pageSize)) };
}

/** The account name in a profile URL: the last path segment, without a leading @. */
export function handleFromUrl(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter((s) => s.length > 0);
  return (segments[segments.length - 1] ?? url).replace(/^@/, '');
}

/** "October 3, 2026": the long date the marketplace prints on reviews. */
export function longDate(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** "March 2015": month-and-year text as profiles show it. */
export function monthYear(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Hashtags as stored (without #) found in a text. */
export function hashtagsOf(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/#(\w+)/g)) out.push(match[1]!);
  return out;
}

export const tagWords = ['fyp', 'travel', 'food', 'music', 'news', 'design', 'science', 'garden', 'weekend', 'vote'];
export const regions = ['US', 'GB', 'DE', 'FR', 'BR', 'IN', 'JP', 'MX', 'CA', 'AU', 'ES', 'IT'];
