// The explorer says what is wrong only when it is wrong. A rule is a hint until the values break
// it, and the response view shows the API's headers, not the console's.
import { describe, expect, it } from 'vitest';

import { findEndpoint } from '@/lib/api/registry';
import { describeEndpoint } from '@/lib/docs/endpoint-model';
import { apiHeaders } from '@/lib/explorer/api-headers';
import { initialValues, queryPairs } from '@/lib/explorer/form-values';
import { brokenRules } from '@/lib/explorer/rule-state';
import { checkParams } from '@/lib/explorer/validate-params';

const products = describeEndpoint(findEndpoint('/v1/shop/products')!);
const posts = describeEndpoint(findEndpoint('/v1/forumsite/community/posts')!);
const broken = (model: typeof posts, pairs: [string, string][]) =>
  brokenRules(model.rules, checkParams(model.path, pairs));

describe('brokenRules', () => {
  it('breaks no rule for either example form', () => {
    expect(broken(products, queryPairs(products, initialValues(products)))).toEqual([false]);
    expect(broken(posts, queryPairs(posts, initialValues(posts)))).toEqual([false, false]);
  });

  it('leaves the price order a hint while both prices are empty or in order', () => {
    expect(broken(products, [['query', 'earbuds']])).toEqual([false]);
    expect(
      broken(products, [
        ['query', 'earbuds'],
        ['min_price', '5'],
        ['max_price', '10'],
      ]),
    ).toEqual([false]);
  });

  it('marks the price order broken when min_price is above max_price', () => {
    expect(
      broken(products, [
        ['query', 'earbuds'],
        ['min_price', '50'],
        ['max_price', '10'],
      ]),
    ).toEqual([true]);
  });

  it('marks exactly-one broken with none or both of community and url, and only that rule', () => {
    expect(broken(posts, [['sort_by', 'hot']])).toEqual([true, false]);
    expect(
      broken(posts, [
        ['community', 'AskScience'],
        ['url', 'https://forumsite.example/r/AskScience'],
      ]),
    ).toEqual([true, false]);
  });

  it('marks posted_ago broken only with a sort it does not go with', () => {
    expect(
      broken(posts, [
        ['community', 'AskScience'],
        ['sort_by', 'hot'],
        ['posted_ago', '7d'],
      ]),
    ).toEqual([false, true]);
    expect(
      broken(posts, [
        ['community', 'AskScience'],
        ['sort_by', 'top'],
        ['posted_ago', '7d'],
      ]),
    ).toEqual([false, false]);
  });
});

describe('apiHeaders', () => {
  it("leaves out Next's headers and its vary values, keeping the API's own", () => {
    const shown = apiHeaders([
      ['content-type', 'application/json'],
      ['vary', 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, accept-encoding'],
      ['x-nextjs-cache', 'MISS'],
      ['x-nextjs-prerender', '1'],
      ['x-billed-units', '2'],
    ]);
    expect(shown).toEqual([
      ['content-type', 'application/json'],
      ['vary', 'accept-encoding'],
      ['x-billed-units', '2'],
    ]);
  });

  it('drops a vary that only the console added', () => {
    expect(apiHeaders([['vary', 'RSC, Next-Router-State-Tree, Next-Router-Prefetch']])).toEqual([]);
  });
});
