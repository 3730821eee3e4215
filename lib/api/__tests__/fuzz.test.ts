// Deterministic fuzzing of every data endpoint through the real gateway: random subsets of its
// parameters with hostile values never produce a 5xx (except the sandbox's documented 502/504
// inputs), every error body is exactly {error, code}, and every 200 matches the response schema.
// Seeded, so a failure names a request that reproduces.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dataEndpoints, type EndpointDefinition } from '../registry';
import { Rng } from '../providers/sandbox/random';
import { errorBodySchema, paramSpecs, type Pairs, withQuery } from './support/cases';
import { newAccountWithKey, startTestApi, type TestAccount, type TestApi } from './support/harness';

const REQUESTS_PER_ENDPOINT = 40;

let api: TestApi;
let account: TestAccount;
beforeAll(async () => {
  api = await startTestApi();
  // Billed by invoice, so the free tier never turns a request into 402.
  account = await newAccountWithKey({ payment: 'invoice' });
});
afterAll(async () => {
  await api?.close();
});

const hostile = [
  '',
  ' ',
  '0',
  '-1',
  '-99999',
  '1',
  '2',
  '3',
  '2.5',
  '1e3',
  '0x10',
  '+1',
  '01',
  '99999999999999999999',
  '2147483648',
  '1e308',
  'NaN',
  'Infinity',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{"a":1}',
  '\u0000',
  '%00',
  'a\u0000b',
  '💥ü漢字',
  '\u202egnp.exe',
  'e\u0301\u0301\u0301',
  '\ud800',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '@',
  '@@',
  'r/',
  '/r/x',
  'https://',
  'https://example.com/groups/',
  'a'.repeat(10_000),
  '漢'.repeat(10_000),
  '9'.repeat(10_000),
  'sandbox_not_found',
  'sandbox_private',
  'sandbox_limited',
  'sandbox_rate_limited',
  'sandbox_upstream_error',
  'sandbox_timeout',
];
const unknownNames = [
  'bogus',
  'PAGES',
  'query ',
  'get-sentiment',
  'constructor',
  'toString',
  'a[]',
  '💥',
  'x'.repeat(300),
];
/** Raw query-string fragments that URLSearchParams would never produce. */
const rawTails = ['%', '%E0%A4%A', '%00=%00', '&&&', '=x', 'a=1=2', '%ZZ=1', 'pages=%FF'];

/** A value for one parameter: mostly hostile, sometimes one the endpoint accepts. */
function randomValue(rng: Rng, endpoint: EndpointDefinition, name: string): string {
  const spec = paramSpecs(endpoint).props[name];
  const sensible = [
    endpoint.example[name],
    ...(spec?.enum ?? []),
    spec?.maximum !== undefined ? String(spec.maximum) : undefined,
  ].filter((v): v is string => v !== undefined);
  const value = sensible.length && rng.bool(0.4) ? rng.pick(sensible) : rng.pick(hostile);
  // Keep valid page counts small, so the sandbox does not build thousands of records.
  return spec?.type === 'integer' && /^\d+$/.test(value) && Number(value) > 5 && rng.bool(0.7) ? '2' : value;
}

/**
 * One random request: either a random subset of the endpoint's parameters, or its registry
 * example with one or two parameters changed (so that many requests get past validation).
 */
function randomRequest(rng: Rng, endpoint: EndpointDefinition): string {
  const names = Object.keys(paramSpecs(endpoint).props);
  let pairs: Pairs;
  if (rng.bool(0.5)) {
    pairs = names.filter(() => rng.bool(0.55)).map((name) => [name, randomValue(rng, endpoint, name)]);
  } else {
    const query = { ...endpoint.example };
    for (let k = rng.int(1, 2); k > 0; k--) {
      const name = rng.pick(names);
      if (rng.bool(0.2)) delete query[name];
      else query[name] = randomValue(rng, endpoint, name);
    }
    pairs = Object.entries(query).filter((pair): pair is [string, string] => pair[1] !== undefined);
  }
  if (rng.bool(0.2)) pairs.push([rng.pick(unknownNames), rng.pick(hostile)]);
  if (pairs.length && rng.bool(0.15)) pairs.push(rng.pick(pairs));
  let url = withQuery(endpoint.path, pairs);
  if (rng.bool(0.1)) url += `${pairs.length ? '&' : '?'}${rng.pick(rawTails)}`;
  return url;
}

/** The 5xx statuses a request may answer: only those its sandbox inputs document. */
function allowedServerErrors(url: string): number[] {
  // The sandbox inputs are plain ASCII, which URLSearchParams leaves as they are.
  const text = url.toLowerCase();
  return [
    ...(text.includes('sandbox_upstream_error') ? [502] : []),
    ...(text.includes('sandbox_timeout') ? [504] : []),
  ];
}

describe('fuzzing', () => {
  const named = dataEndpoints.map((e) => ({ ...e, name: e.path }));

  test.each(named)(
    `$name answers ${REQUESTS_PER_ENDPOINT} random requests without an undocumented 5xx`,
    async (endpoint) => {
      const rng = new Rng(`fuzz:${endpoint.path}`);
      const statuses = new Map<number, number>();
      for (let i = 0; i < REQUESTS_PER_ENDPOINT; i++) {
        const url = randomRequest(rng, endpoint);
        const response = await api.get(url, { key: account.key });
        const where = `request ${i}: GET ${url.slice(0, 300)}`;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.headers.get('content-type'), where).toMatch(/^application\/json/);
        const body: unknown = await response.json();
        if (response.status >= 500)
          expect(allowedServerErrors(url), `${where} → ${JSON.stringify(body)}`).toContain(response.status);
        if (response.status === 200) {
          const parsed = endpoint.response.safeParse(body);
          expect(parsed.success, `${where}: ${parsed.error?.message.slice(0, 500)}`).toBe(true);
        } else {
          const parsed = errorBodySchema.safeParse(body);
          expect(parsed.success, `${where} → ${response.status} ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
          expect(
            [402, 429].includes(response.status) && (body as { code: string }).code !== 'upstream_rate_limit',
            where,
          ).toBe(false);
        }
      }
      // The fuzzing reached both the validation and the provider.
      expect(
        { rejected: statuses.has(400), answered: statuses.has(200) },
        JSON.stringify(Object.fromEntries(statuses)),
      ).toEqual({ rejected: true, answered: true });
    },
  );
});
