// Sandbox handlers of the newsletter family: deterministic data shaped like the real service.
import { familySite } from '../../families';
import type { NewsletterFeedItem, NewsletterNote, NewsletterUser } from '../../registry/newsletter-records';
import type { FamilyPath } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { SANDBOX_NOW, hashString, rngFor, throwOnSandboxInput } from './random';
import { buildNote, buildPostItem, buildUser, newsletterCategories } from './newsletter-records';
import { buildPublication, parsePublication } from './newsletter-publication';
import { baseSeed, descendingTimes, itemRng, listRng, planPages, timesRng, titleCase } from './texts';

const USERS_PER_PAGE = 20;

/** Category by numeric ID or slug; unknown ones get a stable ID derived from the slug. */
function resolveCategory(input: string): { category_id: number; name: string } {
  const key = input.trim().toLowerCase();
  const known = newsletterCategories.find((c) => String(c.id) === key || c.slug === key);
  if (known) return { category_id: known.id, name: known.name };
  if (/^\d+$/.test(key)) return { category_id: Number(key), name: `Category ${key}` };
  return { category_id: 100_000 + (hashString(key) % 900_000), name: titleCase(key) };
}

export const newsletterSandbox: SandboxHandlers<FamilyPath<'newsletter'>> = {
  '/v1/newsletter/users': (params) => {
    throwOnSandboxInput(params, []);
    const path = '/v1/newsletter/users';
    const query = params.query;
    const page = params.page;
    // Profiles per query do not depend on the page asked for, so pages line up.
    const rng = rngFor(path, { query });
    const total = rng.bool(0.3) ? rng.int(3, 45) : rng.int(70, 79);
    const seed = baseSeed(rng);
    const users: NewsletterUser[] = [];
    const end = Math.min(total, page * USERS_PER_PAGE);
    for (let i = (page - 1) * USERS_PER_PAGE; i < end; i++)
      users.push(buildUser(itemRng(seed, i), familySite('newsletter'), query));
    return {
      body: { users, query, page, has_next_page: total > page * USERS_PER_PAGE, count: users.length },
      pagesReturned: 1,
    };
  },

  '/v1/newsletter/notes': (params) => {
    throwOnSandboxInput(params, []);
    const path = '/v1/newsletter/notes';
    const query = params.query;
    const sort_by = params.sort_by === 'top' ? 'top' : 'most_recent';
    const seed = baseSeed(listRng(path, params));
    const site = familySite('newsletter');
    // Posts mixed into the upstream feed are dropped, so a page holds 9 to 12 notes.
    const plan = planPages(seed, params.pages, 12, 250, (r) => r.int(9, 12));
    const times = sort_by === 'most_recent' ? descendingTimes(timesRng(seed), SANDBOX_NOW, plan.count, 5400) : null;
    const notes: NewsletterNote[] = new Array<NewsletterNote>(plan.count);
    for (let i = 0; i < plan.count; i++) {
      const r = itemRng(seed, i);
      notes[i] = buildNote(r, site, query, times ? times[i]! : r.timestamp(60));
    }
    return {
      body: { notes, query, sort_by, pages: plan.perPage.length, count: notes.length },
      pagesReturned: plan.perPage.length,
    };
  },

  '/v1/newsletter/category/feed': (params) => {
    throwOnSandboxInput(params, []);
    const path = '/v1/newsletter/category/feed';
    const category = resolveCategory(params.category);
    const sort_by = params.sort_by;
    const seed = baseSeed(listRng(path, params));
    const site = familySite('newsletter');
    const plan = planPages(seed, params.pages, 11, 250, (r) => r.int(10, 12));
    const times = sort_by === 'most_recent' ? descendingTimes(timesRng(seed), SANDBOX_NOW, plan.count, 3600) : null;
    const items: NewsletterFeedItem[] = new Array<NewsletterFeedItem>(plan.count);
    for (let i = 0; i < plan.count; i++) {
      const r = itemRng(seed, i);
      const ts = times ? times[i]! : r.timestamp(14);
      // sort_by posts leaves notes out; otherwise about one item in three is a post.
      items[i] =
        sort_by === 'posts' || r.bool(0.35)
          ? buildPostItem(r, site, category.name, ts)
          : { ...buildNote(r, site, category.name, ts), type: 'note' };
    }
    return {
      body: { items, category, sort_by, pages: plan.perPage.length, count: items.length },
      pagesReturned: plan.perPage.length,
    };
  },

  '/v1/newsletter/publication': (params) => {
    throwOnSandboxInput(params, []);
    const path = '/v1/newsletter/publication';
    const site = familySite('newsletter');
    const id = params.publication_id === undefined ? undefined : String(params.publication_id);
    const where = id
      ? { subdomain: `publication${id}`, customDomain: '' }
      : parsePublication(String(params.publication), site);
    const rng = rngFor(path, id ? { publication_id: id } : { publication: where.subdomain + where.customDomain });
    const publication = buildPublication(rng, site, where.subdomain, where.customDomain, id);
    return { body: { publication }, pagesReturned: 1 };
  },
};

export const newsletterSandboxNotes: string[] = [
  '`GET /v1/newsletter/users?query=<any>`: 20 profiles per page; most queries end after 70-79 profiles (page 4 partial, `has_next_page` false), some after fewer',
  '`GET /v1/newsletter/notes?query=<any>&pages=N`: 9-12 notes per page; about one query in three runs out before page N and bills only the pages returned',
  '`GET /v1/newsletter/category/feed?category=technology&sort_by=posts`: posts only; known slugs and IDs include technology (4), business (62), culture (96), science (134)',
  '`GET /v1/newsletter/notes?query=sandbox_rate_limited` → 429 upstream_rate_limit (also on users, category/feed and publication)',
  '`GET /v1/newsletter/users?query=sandbox_upstream_error` → upstream_error; `sandbox_timeout` → upstream_timeout',
];
