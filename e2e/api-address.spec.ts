// The public API has one address (apiBaseUrl(): API_PUBLIC_URL, else where `npm start` serves the
// API, http://localhost:API_PORT). The browser tests run without API_PUBLIC_URL: the landing page,
// /docs, the explorer's snippets, the dashboard and the OpenAPI document (asked through the
// console's /v1 and through the API server) all name that default. The set case:
// lib/api/__tests__/public-api-address.test.ts.
import { expect, test } from '@playwright/test';

import { API_PORT, CONSOLE_PORT } from './helpers/ports';
import { openExplorerWithKey } from './explorer/explorer-page';

const ADDRESS = `http://localhost:${API_PORT}`;

test('the OpenAPI document names one server, asked through the console or the API server', async ({ request }) => {
  for (const origin of [`http://localhost:${CONSOLE_PORT}`, ADDRESS, `http://127.0.0.1:${API_PORT}`]) {
    const doc = (await (await request.get(`${origin}/v1/openapi.json`)).json()) as { servers: { url: string }[] };
    expect(doc.servers, origin).toEqual([{ url: ADDRESS }]);
  }
});

test('the landing page, /docs, the explorer and the dashboard name the same address', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('main')).toContainText(`${ADDRESS}/v1/`);
  await page.goto('/docs');
  await expect(page.locator('main')).toContainText(`'${ADDRESS}/v1/account/verify'`);
  await expect(page.locator('main')).not.toContainText(`localhost:${CONSOLE_PORT}/v1`);

  await openExplorerWithKey(page);
  await expect(page.getByTestId('snippet')).toContainText(`${ADDRESS}/v1/`);
  await page.goto('/dashboard');
  await expect(page.locator('main')).toContainText(`"${ADDRESS}/v1/forumsite/community/posts?`);
});
