// The handler maps are keyed by the registry's typed path map: each handler's parameters are its
// endpoint's parsed parameters, and a map of some paths must handle each of them. Checked by the
// type check; the one runtime test is the dispatch by a path of any endpoint.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FamilyPath, ParamsOf } from '../../registry';
import { handlerAt, type LiveHandlers, type SandboxHandlers } from '../handlers';
import type { LiveAdapter } from '../live/types';
import { xnetAdapter } from '../live/xnet';
import { xnetSandbox } from '../sandbox/xnet';

describe('handlers keyed by path', () => {
  it("types a handler's parameters as its endpoint's parsed parameters, defaults applied", () => {
    expectTypeOf<ParamsOf<'/v1/xnet/posts'>>().toEqualTypeOf<{
      query: string;
      pages: number;
      sort_by: 'most_recent' | 'relevance';
      get_sentiment: boolean;
    }>();
    expectTypeOf(xnetSandbox['/v1/xnet/posts']).parameter(0).toEqualTypeOf<ParamsOf<'/v1/xnet/posts'>>();
    expectTypeOf<LiveHandlers<'/v1/xnet/posts'>['/v1/xnet/posts']>()
      .parameter(0)
      .toEqualTypeOf<ParamsOf<'/v1/xnet/posts'>>();
    expectTypeOf(xnetAdapter).toEqualTypeOf<LiveAdapter<'/v1/xnet/posts'>>();
  });

  it('keeps an optional parameter without a default optional', () => {
    expectTypeOf<ParamsOf<'/v1/photonet/user/following'>['query']>().toEqualTypeOf<string | undefined>();
  });

  it('requires a handler for every path a map is typed with', () => {
    expectTypeOf<{ '/v1/xnet/posts': () => never }>().toExtend<SandboxHandlers<FamilyPath<'xnet'>>>();
    // A map with a handler of another path only lacks the one its type names.
    type OtherPathOnly = { '/v1/shop/products': () => never };
    expectTypeOf<OtherPathOnly>().not.toExtend<SandboxHandlers<FamilyPath<'xnet'>>>();
    expectTypeOf<OtherPathOnly>().not.toExtend<LiveHandlers<'/v1/xnet/posts'>>();
  });

  it('finds the handler of a path given as any string, and none for a path the map lacks', () => {
    expect(handlerAt(xnetSandbox, '/v1/xnet/posts')).toBe(xnetSandbox['/v1/xnet/posts']);
    expect(handlerAt(xnetSandbox, '/v1/shop/products')).toBeUndefined();
  });
});
