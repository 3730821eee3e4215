// The units a call may bill and the free-tier cut of its pages, read from the definitions: what
// the gateway holds before the provider is asked and the most it bills.
import { describe, expect, it } from 'vitest';
import { findEndpoint } from '..';
import type { EndpointDefinition } from '../types';
import { cutToUnits, maxUnitsOf } from '../units';

function endpoint(path: string): EndpointDefinition {
  const found = findEndpoint(path);
  if (!found) throw new Error(`no endpoint ${path}`);
  return found;
}
const parsed = (path: string, query: Record<string, string>) => endpoint(path).params.parse(query);

describe('maxUnitsOf', () => {
  it('is the pages asked for on an endpoint billed per page that takes pages', () => {
    const xnet = endpoint('/v1/xnet/posts');
    expect(maxUnitsOf(xnet, parsed('/v1/xnet/posts', { query: 'a', pages: '7' }))).toBe(7);
    expect(maxUnitsOf(xnet, parsed('/v1/xnet/posts', { query: 'a' }))).toBe(1);
  });

  it('is 1 on an endpoint billed per request, whatever its page parameter says', () => {
    const search = endpoint('/v1/forumsite/posts');
    expect(maxUnitsOf(search, parsed('/v1/forumsite/posts', { query: 'a', page: '5' }))).toBe(1);
    expect(maxUnitsOf(endpoint('/v1/photonet/user'), parsed('/v1/photonet/user', { username: 'a' }))).toBe(1);
  });

  it("is the definition's own rule where it has one: photonet following with query is one page", () => {
    const path = '/v1/photonet/user/following';
    expect(maxUnitsOf(endpoint(path), parsed(path, { username: 'a', pages: '9' }))).toBe(9);
    expect(maxUnitsOf(endpoint(path), parsed(path, { username: 'a', pages: '9', query: 'b' }))).toBe(1);
  });
});

describe('cutToUnits', () => {
  it('cuts pages to the units held when more were asked for', () => {
    const path = '/v1/xnet/posts';
    const params = parsed(path, { query: 'a', pages: '7' });
    expect(cutToUnits(endpoint(path), params, 3)).toEqual({ ...params, pages: 3 });
    expect(params.pages).toBe(7);
  });

  it('cuts nothing when the units held cover the pages asked for', () => {
    const path = '/v1/xnet/posts';
    expect(cutToUnits(endpoint(path), parsed(path, { query: 'a', pages: '3' }), 3)).toBeUndefined();
  });

  it('cuts nothing on an endpoint billed per request', () => {
    const path = '/v1/forumsite/posts';
    expect(cutToUnits(endpoint(path), parsed(path, { query: 'a', page: '5' }), 1)).toBeUndefined();
  });
});
