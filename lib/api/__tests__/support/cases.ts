// Table builders shared by the /v1 behaviour tests: every case is derived from the registry
// (parameter schemas, paging, examples) or from the sandbox's documented error inputs, so a new
// endpoint gets its error cases without another test being written.
import { expect } from 'vitest';
import { z } from 'zod';
import { db } from '@/lib/db';
import { dataEndpoints, type EndpointDefinition } from '../../registry';
import { sandboxNotes } from '../../providers/sandbox';
import { SANDBOX_MISSING_ASIN } from '../../providers/sandbox/shop';
import { SANDBOX_MISSING_CHANNEL_ID } from '../../providers/sandbox/videosite';
import { SANDBOX_MISSING_VIDEO_ID } from '../../providers/sandbox/videosite-videos';

export type Pairs = [string, string][];

export interface ErrorCase {
  name: string;
  path: string;
  query: Pairs;
  status: number;
  body: { error: unknown; code: string };
  headers?: Record<string, string>;
}

/** The spec's error body: exactly `error` and `code`, both strings. */
export const errorBodySchema = z.strictObject({ error: z.string().min(1), code: z.string().min(1) });

export const byPath = (path: string): EndpointDefinition => dataEndpoints.find((e) => e.path === path)!;

/** Path plus query string, keeping repeated names and raw encodings as given. */
export function withQuery(path: string, query: Pairs): string {
  return query.length ? `${path}?${new URLSearchParams(query)}` : path;
}

interface ParamSpec {
  type?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: string[];
  pattern?: string;
}

/** Each query parameter's constraints as the OpenAPI document states them. */
export function paramSpecs(endpoint: EndpointDefinition): { props: Record<string, ParamSpec>; required: string[] } {
  const schema = z.toJSONSchema(endpoint.params, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, ParamSpec>;
    required?: string[];
  };
  return { props: schema.properties ?? {}, required: schema.required ?? [] };
}

const example = (e: EndpointDefinition): Pairs =>
  Object.entries(e.example).filter((pair): pair is [string, string] => pair[1] !== undefined);
const without = (q: Pairs, ...names: string[]): Pairs => q.filter(([k]) => !names.includes(k));
const setting = (q: Pairs, name: string, value: string): Pairs => [...without(q, name), [name, value]];
const invalid = (error: string) => ({ error, code: 'invalid_parameter' });
const missing = (error: string) => ({ error, code: 'missing_parameter' });

/**
 * Parameters of which the caller gives exactly one (or at least one), in the order the rule names
 * them, each with a value that passes its own validation.
 */
const choiceRules: Record<string, { kind: 'exactlyOne' | 'atLeastOne'; values: Record<string, string> }> = {
  '/v1/forumsite/community/posts': {
    kind: 'exactlyOne',
    values: { community: 'news', url: 'https://forumsite.example/r/news' },
  },
  '/v1/forumsite/community': {
    kind: 'exactlyOne',
    values: { community: 'news', url: 'https://forumsite.example/r/news' },
  },
  '/v1/photonet/user': { kind: 'exactlyOne', values: { username: 'natgeo', url: 'https://photonet.example/natgeo/' } },
  '/v1/photonet/user/following': {
    kind: 'atLeastOne',
    values: { username: 'natgeo', url: 'https://photonet.example/natgeo/' },
  },
  '/v1/photonet/comment/replies': {
    kind: 'atLeastOne',
    values: { url: 'https://photonet.example/p/C9xQ2bLsK1a/', code: 'C9xQ2bLsK1a' },
  },
  '/v1/clipnet/video/comments': {
    kind: 'exactlyOne',
    values: { url: 'https://clipnet.example/@a/video/7301234567890123456', video_id: '7301234567890123456' },
  },
  '/v1/clipnet/comment/replies': {
    kind: 'exactlyOne',
    values: { url: 'https://clipnet.example/@a/video/7301234567890123456', video_id: '7301234567890123456' },
  },
  '/v1/clipnet/user/videos': {
    kind: 'exactlyOne',
    values: { username: 'chef.maya', user_id: '6812345678', url: 'https://clipnet.example/@chef.maya' },
  },
  '/v1/clipnet/user/followers': {
    kind: 'exactlyOne',
    values: { username: 'chef.maya', user_id: '6812345678', url: 'https://clipnet.example/@chef.maya' },
  },
  '/v1/videosite/channel': {
    kind: 'exactlyOne',
    values: { id: 'UCabcdefghijklmnopqrstuv', url: 'https://videosite.example/@sciencefriday', name: '@sciencefriday' },
  },
  '/v1/forumsite/post/comments': {
    kind: 'exactlyOne',
    values: { post_id: '3hahrw', url: 'https://forumsite.example/r/funny/comments/3hahrw/ba_dum_tsss/' },
  },
  '/v1/videosite/video/comments': {
    kind: 'exactlyOne',
    values: { id: 'F1UP7wRCPH8', url: 'https://videosite.example/watch?v=F1UP7wRCPH8' },
  },
  '/v1/newsletter/publication': { kind: 'atLeastOne', values: { publication: 'thecurrent', publication_id: '12345' } },
  '/v1/socialnet/group/search': { kind: 'atLeastOne', values: { query: 'tomato seedlings', group_id: '123456' } },
};

/** Parameters whose rule is a format rather than a length; a too-long value breaks the format. */
const tooLongFormat: Record<string, string> = { asin: 'must be a 10-character ASIN of letters and digits' };

/** Every parameter-validation case of one endpoint: each answers 400 and records nothing. */
export function parameterCases(endpoint: EndpointDefinition): ErrorCase[] {
  const { path } = endpoint;
  const base = example(endpoint);
  const { props, required } = paramSpecs(endpoint);
  const choice = choiceRules[path];
  const cases: ErrorCase[] = [];
  const add = (name: string, query: Pairs, body: ErrorCase['body']) =>
    cases.push({ name, path, query, status: 400, body });

  for (const name of required)
    add(`missing required '${name}'`, without(base, name), missing(`Missing parameter '${name}'`));
  for (const [name, spec] of Object.entries(props)) {
    if (spec.type === 'integer') {
      const max = name === endpoint.paging?.param ? endpoint.paging.max : spec.maximum;
      const rule = max == null ? `an integer of at least ${spec.minimum}` : `an integer from ${spec.minimum} to ${max}`;
      const body = invalid(`Invalid parameter '${name}': must be ${rule}`);
      if (max != null) add(`'${name}' above its maximum ${max}`, setting(base, name, String(max + 1)), body);
      add(`'${name}' below its minimum`, setting(base, name, String((spec.minimum ?? 1) - 1)), body);
      add(`'${name}' not an integer`, setting(base, name, '2.5'), body);
    } else if (spec.type === 'boolean') {
      add(
        `'${name}' not a boolean`,
        setting(base, name, 'yes'),
        invalid(`Invalid parameter '${name}': must be true or false`),
      );
    } else if (spec.enum) {
      add(
        `'${name}' outside its values`,
        setting(base, name, 'not_a_value'),
        invalid(`Invalid parameter '${name}': must be one of: ${spec.enum.join(', ')}`),
      );
    }
    const given = base.find(([k]) => k === name)?.[1];
    if (
      spec.maxLength !== undefined &&
      (given !== undefined || (!spec.pattern && !(choice && name in choice.values)))
    ) {
      const seed = given ?? 'a';
      const pad = /^\d+$/.test(seed) ? '7' : 'a';
      add(
        `'${name}' longer than ${spec.maxLength} characters`,
        setting(base, name, seed + pad.repeat(spec.maxLength)),
        invalid(`Invalid parameter '${name}': must be at most ${spec.maxLength} characters`),
      );
    } else if (given !== undefined && tooLongFormat[name]) {
      add(
        `'${name}' too long`,
        setting(base, name, given.repeat(50)),
        invalid(`Invalid parameter '${name}': ${tooLongFormat[name]}`),
      );
    }
  }
  add('an unknown parameter', [...base, ['bogus_param', '1']], invalid("Unknown parameter 'bogus_param'"));
  const [first, value] = base[0]!;
  add(
    `'${first}' given twice`,
    [...base, [first, value]],
    invalid(`Invalid parameter '${first}': given more than once`),
  );
  if (choice) {
    const names = Object.keys(choice.values);
    const quoted = names.map((n) => `'${n}'`).join(' or ');
    const none = without(base, ...names);
    if (choice.kind === 'exactlyOne') {
      add(`none of ${quoted}`, none, missing(`Missing parameter: provide exactly one of ${quoted}`));
      add(
        `all of ${quoted} together`,
        [...none, ...Object.entries(choice.values)],
        invalid(`Invalid parameters: provide exactly one of ${quoted}, not ${names.length}`),
      );
    } else {
      add(`none of ${quoted}`, none, missing(`Missing parameter: provide ${quoted}`));
    }
  }
  return cases;
}

/** Where each endpoint takes a free-text value that the sandbox reads for its error inputs. */
const sandboxSlot: Record<string, { param: string; drop?: string[]; wrap?: (v: string) => string }> = {
  '/v1/shop/products': { param: 'query' },
  '/v1/shop/seller': { param: 'seller_id' },
  '/v1/shop/seller/reviews': { param: 'seller_id' },
  '/v1/photonet/comment/replies': { param: 'code' },
  '/v1/photonet/highlight/stories': { param: 'highlight_id' },
  '/v1/photonet/user': { param: 'username' },
  '/v1/photonet/user/following': { param: 'username' },
  '/v1/clipnet/video/comments': { param: 'url', drop: ['video_id'] },
  '/v1/clipnet/comment/replies': { param: 'url', drop: ['video_id'] },
  '/v1/clipnet/videos': { param: 'query' },
  '/v1/clipnet/user/videos': { param: 'username' },
  '/v1/clipnet/user/followers': { param: 'username' },
  '/v1/openmicro/posts': { param: 'query' },
  '/v1/politicnet/user/posts': { param: 'username' },
  '/v1/newsletter/users': { param: 'query' },
  '/v1/newsletter/notes': { param: 'query' },
  '/v1/newsletter/category/feed': { param: 'category' },
  '/v1/newsletter/publication': { param: 'publication' },
  '/v1/videosite/channel': { param: 'name' },
  '/v1/forumsite/community/posts': { param: 'community' },
  '/v1/forumsite/community': { param: 'community' },
  '/v1/forumsite/posts': { param: 'query' },
  '/v1/forumsite/post/comments': {
    param: 'url',
    drop: ['post_id'],
    wrap: (v) => `https://forumsite.example/r/funny/comments/3hahrw/${v}/`,
  },
  '/v1/videosite/videos': { param: 'query' },
  '/v1/socialnet/locations': { param: 'query' },
  '/v1/socialnet/group': { param: 'url', wrap: (v) => `https://socialnet.example/groups/${v}` },
  '/v1/socialnet/page/videos': { param: 'delegate_page_id' },
  '/v1/socialnet/group/search': { param: 'query' },
  '/v1/textthreads/user/posts': { param: 'username' },
  '/v1/news/articles': { param: 'query' },
  '/v1/xnet/posts': { param: 'query' },
  '/v1/pronet/posts': { param: 'query' },
  '/v1/websearch/results': { param: 'query' },
  '/v1/places/search': { param: 'query' },
};

const upstream = [
  ['sandbox_rate_limited', 429, 'upstream_rate_limit'],
  ['sandbox_upstream_error', 502, 'upstream_error'],
  ['sandbox_timeout', 504, 'upstream_timeout'],
] as const;

/** Documented not-found / private / limited inputs, per endpoint: [param, input, status, code]. */
type Row = [string, string, number, string];
const documented: Record<string, Row[]> = {
  '/v1/shop/product': [['asin', SANDBOX_MISSING_ASIN, 404, 'not_found']],
  '/v1/shop/seller': [['seller_id', 'sandbox_not_found', 404, 'not_found']],
  '/v1/shop/seller/reviews': [['seller_id', 'sandbox_not_found', 404, 'not_found']],
  '/v1/photonet/user': [['username', 'sandbox_not_found', 404, 'not_found']],
  '/v1/photonet/user/following': [
    ['username', 'sandbox_private', 403, 'private_account'],
    ['username', 'sandbox_limited', 403, 'limited_account'],
    ['username', 'sandbox_not_found', 404, 'not_found'],
  ],
  '/v1/clipnet/user/videos': [['username', 'sandbox_not_found', 404, 'not_found']],
  '/v1/clipnet/user/followers': [
    ['username', 'sandbox_not_found', 404, 'not_found'],
    ['username', 'sandbox_limited', 403, 'limited_account'],
    ['username', 'sandbox_private', 403, 'limited_account'],
  ],
  '/v1/politicnet/user/posts': [['username', 'sandbox_not_found', 404, 'not_found']],
  '/v1/videosite/channel': [
    ['name', 'sandbox_not_found', 404, 'channel_not_found'],
    ['id', SANDBOX_MISSING_CHANNEL_ID, 404, 'channel_not_found'],
    ['url', 'https://videosite.example/@sandbox_not_found', 404, 'channel_not_found'],
  ],
  '/v1/forumsite/community/posts': [
    ['community', 'sandbox_not_found', 404, 'not_found'],
    ['community', 'sandbox_private', 404, 'not_found'],
    ['community', 'sandbox_banned', 404, 'not_found'],
  ],
  '/v1/forumsite/community': [['community', 'sandbox_not_found', 404, 'not_found']],
  '/v1/forumsite/post/comments': [
    ['post_id', 'sandboxnf', 404, 'not_found'],
    ['url', 'https://forumsite.example/r/funny/comments/3hahrw/sandbox_not_found/', 404, 'not_found'],
  ],
  '/v1/videosite/video/comments': [['id', SANDBOX_MISSING_VIDEO_ID, 404, 'not_found']],
  '/v1/textthreads/user/posts': [
    ['username', 'sandbox_not_found', 404, 'not_found'],
    ['username', '@sandbox_not_found', 404, 'not_found'],
  ],
};

const providerError = (code: string) => ({ error: expect.any(String), code });

/** Every documented sandbox error input of one endpoint, with the status and code it answers. */
export function sandboxCases(endpoint: EndpointDefinition): ErrorCase[] {
  const { path } = endpoint;
  const slot = sandboxSlot[path];
  const rows: Row[] = [...(documented[path] ?? [])];
  // The shop product's only string parameter is a format-checked ASIN: upstream inputs cannot reach it.
  if (slot)
    rows.push(
      ...upstream.map(([input, status, code]): Row => [slot.param, slot.wrap ? slot.wrap(input) : input, status, code]),
    );
  const alternatives = Object.keys(choiceRules[path]?.values ?? {});
  return rows.map(([param, value, status, code]) => {
    const drop = choiceRules[path]?.kind === 'exactlyOne' ? alternatives : [];
    const base = without(example(endpoint), param, ...drop, ...(slot?.drop ?? []));
    return {
      name: `${param}=${value}`,
      path,
      query: [...base, [param, value]],
      status,
      body: providerError(code),
      headers: status === 429 ? { 'retry-after': '1' } : undefined,
    };
  });
}

/** The literal requests of the sandbox notes that state a status and code, e.g. "`GET /v1/x?a=b` → 404 not_found". */
export function noteCases(): ErrorCase[] {
  const cases: ErrorCase[] = [];
  for (const note of sandboxNotes) {
    const m = /^`GET (\/v1\/[^?`]+)\?([^`]+)`.*?→ ([45]\d\d) ([a-z_]+)/.exec(note);
    if (!m) continue;
    const [, path, query, status, code] = m;
    cases.push({
      name: note,
      path: path!,
      query: [...new URLSearchParams(query)],
      status: Number(status),
      body: providerError(code!),
    });
  }
  return cases;
}

/** The UsageEvent rows of one account, oldest first. */
export function usageEvents(accountId: string) {
  return db.usageEvent.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' } });
}

/** How many refused calls (recorded per key, endpoint, status and minute) an account has, by status. */
export async function refusals(accountId: string): Promise<Record<number, number>> {
  const rows = await db.usageRefusal.findMany({ where: { accountId } });
  const byStatus: Record<number, number> = {};
  for (const row of rows) byStatus[row.status] = (byStatus[row.status] ?? 0) + row.count;
  return byStatus;
}

/** The billing headers of a response as numbers. */
export function billing(response: Response) {
  const n = (name: string) => Number(response.headers.get(name));
  return {
    units: n('x-billed-units'),
    free: n('x-free-units'),
    amount: n('x-billed-amount-micros'),
    remaining: n('x-free-tier-remaining'),
  };
}

/** What an account was billed and counted, from its call records and monthly totals. */
export async function billedAndCounted(accountId: string) {
  const events = await usageEvents(accountId);
  const monthly = await db.usageMonthly.findMany({ where: { accountId } });
  return {
    billedUnits: events.reduce((sum, e) => sum + e.units, 0),
    amountMicros: events.reduce((sum, e) => sum + Number(e.amountMicros), 0),
    requests: monthly.reduce((sum, m) => sum + m.requests, 0),
    units: monthly.reduce((sum, m) => sum + m.units, 0),
  };
}

export const nothingBilled = { billedUnits: 0, amountMicros: 0, requests: 0, units: 0 };
