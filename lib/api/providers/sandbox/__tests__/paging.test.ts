// The sandbox pages like a real platform: page k is the same whatever `pages` asks for, and
// where a query's results end depends on the query alone. Checked for every endpoint that
// takes `pages`, over its example and variants of it (so that some queries run out early).
import { describe, expect, it } from 'vitest';
import { dataEndpoints } from '../../../registry';
import type { EndpointDefinition } from '../../../registry/types';
import { sandboxProvider } from '..';

const paginated = dataEndpoints.filter((e) => e.paging?.param === 'pages');

/** The example and copies of it with its first free-text value changed, that still parse. */
function queries(endpoint: EndpointDefinition): Record<string, string>[] {
  const example = Object.fromEntries(
    Object.entries(endpoint.example).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const out = [example];
  const textParam = Object.keys(example).find((k) =>
    /^(query|community|username|delegate_page_id|video_id|comment_id|code|keyword|category|group_id|user_id|seller_id|asin|url)$/.test(
      k,
    ),
  );
  for (let i = 1; textParam && i <= 6; i++) {
    const variant = { ...example, [textParam]: `${example[textParam]}${i}` };
    if (endpoint.params.safeParse(variant).success) out.push(variant);
  }
  return out;
}

async function call(endpoint: EndpointDefinition, query: Record<string, string>, pages: number) {
  const params = endpoint.params.parse({ ...query, pages: String(pages) });
  const result = await sandboxProvider.call(endpoint, params, new AbortController().signal);
  const list = Object.values(result.body).find(Array.isArray) as unknown[] | undefined;
  return { pages: result.pagesReturned, list: list ?? [] };
}

describe('sandbox paging', () => {
  it('covers every endpoint that takes pages', () => {
    expect(paginated.length).toBeGreaterThanOrEqual(10);
  });
  for (const endpoint of paginated) {
    it(`${endpoint.path}: page k does not depend on pages, and the end depends on the query alone`, async () => {
      const most = Math.min(endpoint.paging!.max ?? 12, 12);
      for (const query of queries(endpoint)) {
        const full = await call(endpoint, query, most);
        const pageSize = endpoint.pageSize;
        for (let k = 1; k < most; k++) {
          const part = await call(endpoint, query, k);
          expect(part.pages, `${JSON.stringify(query)} pages=${k}`).toBe(Math.min(k, full.pages));
          expect(part.list, `${JSON.stringify(query)} pages=${k}`).toEqual(full.list.slice(0, part.list.length));
          if (pageSize && part.pages === k && full.pages > k) expect(part.list.length).toBeGreaterThan(0);
        }
      }
    });
  }
});
