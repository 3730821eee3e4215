// docs/api.md's endpoint table and the registry (lib/api/registry) must describe the same
// endpoints alike: an endpoint added to the registry and forgotten in the table, or a price,
// method, path, paging limit, concurrency or sentiment flag that differs, fails here. The rows
// follow the registry's order; the price is written as the reference (/docs) writes it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { endpoints, type EndpointDefinition } from '@/lib/api/registry';
import { priceText } from '@/lib/docs/price-text';

/** The table's row for one endpoint, as the registry describes it. */
function expectedRow(endpoint: EndpointDefinition): string {
  const paging = endpoint.paging ? `${endpoint.paging.param} ≤ ${endpoint.paging.max ?? 'any number'}` : '—';
  // The platform's own endpoints are not limited per endpoint: the batch's items wait for their
  // own endpoint's limit, and the key check and the usage are answered by the gateway.
  const concurrency =
    endpoint.path === '/v1/batch' ? 'per item' : endpoint.family === null ? '—' : String(endpoint.concurrency);
  return `| \`${endpoint.method} ${endpoint.path}\` | ${priceText(endpoint)} | ${paging} | ${concurrency} | ${endpoint.sentiment ? 'yes' : '—'} |`;
}

/** The body rows of the first table under "## Endpoints". */
function documentedRows(): string[] {
  const markdown = readFileSync(path.resolve('docs/api.md'), 'utf8');
  const start = markdown.indexOf('\n## Endpoints\n');
  if (start < 0) throw new Error('docs/api.md has no "## Endpoints" heading');
  const lines = markdown.slice(start).split('\n').slice(2);
  const table = lines.slice(lines.findIndex((line) => line.startsWith('|')));
  const end = table.findIndex((line) => !line.startsWith('|'));
  return table.slice(2, end < 0 ? undefined : end);
}

test("docs/api.md's endpoint table has one row per registry endpoint, with its method, path, price, paging, concurrency and sentiment", () => {
  expect(documentedRows()).toEqual(endpoints.map(expectedRow));
});

test('the table is read as a table: its header is the one the rows are written for', () => {
  const markdown = readFileSync(path.resolve('docs/api.md'), 'utf8');
  expect(markdown).toContain(
    '\n## Endpoints\n\n| Endpoint | Price | Paging | Concurrency | Sentiment |\n|---|---|---|---|---|\n',
  );
  expect(documentedRows().length).toBeGreaterThan(0);
});
