// Nothing can be added to the registry and left out of the reference or the explorer: every
// endpoint appears in /docs (rendered) and in the explorer's picker, each with its price.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import DocsPage from '@/app/docs/page';
import { endpoints } from '@/lib/api/registry';
import { endpointGroup } from '@/lib/api/registry/types';
import { anchorOf, describeEndpoint, priceText } from '@/lib/docs/endpoint-model';
import { pickerGroups, searchPicker } from '@/lib/explorer/picker';

const models = endpoints.map(describeEndpoint);

describe('every registry endpoint', () => {
  it('is in the /docs page with its anchor and price', async () => {
    const html = renderToStaticMarkup(
      // /docs reads which families are live from the running server (a client query), as in the app's providers.
      createElement(QueryClientProvider, { client: new QueryClient() }, createElement('div', null, await DocsPage())),
    );
    for (const endpoint of endpoints) {
      const start = html.indexOf(`id="${anchorOf(endpoint.path)}"`);
      expect(start, `${endpoint.path} has no section in /docs`).toBeGreaterThan(-1);
      const section = html.slice(start, start + 4000);
      expect(section, `${endpoint.path} in /docs`).toContain(endpoint.path);
      expect(section, `${endpoint.path}'s price in /docs`).toContain(priceText(endpoint));
    }
  });

  it('is in the explorer picker once, in its group, with its price, billing unit and paging', () => {
    const entries = pickerGroups(models).flatMap((g) => g.entries.map((e) => ({ ...e, group: g.id })));
    expect(entries.map((e) => e.path).sort()).toEqual(endpoints.map((e) => e.path).sort());
    for (const endpoint of endpoints) {
      const entry = entries.find((e) => e.path === endpoint.path)!;
      expect(entry.group).toBe(endpointGroup(endpoint));
      expect(entry.priceMicros).toBe(endpoint.priceMicros);
      expect(entry.price).toBe(priceText(endpoint));
      expect(entry.billingUnit).toBe(endpoint.billingUnit);
      expect(entry.paging === null).toBe(endpoint.paging === undefined);
    }
  });
});

describe('the picker search', () => {
  const groups = pickerGroups(models);
  const paths = (query: string) => searchPicker(groups, query).flatMap((g) => g.entries.map((e) => e.path));

  it('finds endpoints by words of their summary or path, all words required', () => {
    expect(paths('forumsite posts')).toEqual(['/v1/forumsite/community/posts', '/v1/forumsite/posts']);
    expect(paths('shop/products')).toContain('/v1/shop/products');
    expect(paths('zzz-no-such-endpoint')).toEqual([]);
  });

  it('keeps every endpoint for a blank query', () => {
    expect(paths('  ')).toHaveLength(endpoints.length);
  });
});
