// The explorer says what is wrong only when it is wrong. Rules are hints until a value breaks them;
// the address follows the endpoint and parameters (reload and Back keep them); the response shows
// the API's own headers, not the console's /v1 mount's.
import { expect, test } from '@playwright/test';

import { expectNoSeriousViolations } from '../helpers/axe';
import { fillParams, openExplorerWithKey, pickEndpoint, POSTS, send } from './explorer-page';

const PRODUCTS = '/v1/shop/products';
const PRICE_RULE = "'min_price' must not be greater than 'max_price'.";

test('shows the price rule as a hint while the prices are empty, and as an error once they break it', async ({
  page,
}) => {
  await openExplorerWithKey(page);
  await expect(page.getByRole('heading', { name: `GET ${PRODUCTS}` })).toBeVisible();
  const rules = page.getByTestId('explorer-rules');
  await expect(rules).toContainText(PRICE_RULE);
  await expect(rules.locator('[data-broken]')).toHaveCount(0);
  await expect(page.locator('[id$="-error"]')).toHaveCount(0);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);

  await fillParams(page, { min_price: '50', max_price: '10' });
  await expect(rules.locator('[data-broken]')).toHaveText(`Not met: ${PRICE_RULE}`);
  await expect(page.locator('[aria-invalid="true"]')).not.toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page
      .locator('form[aria-labelledby="explorer-endpoint-title"]')
      .screenshot({ path: `/work/shots/h19/explorer-hints-${colorScheme}.png` });
    await expectNoSeriousViolations(page, `/explorer with a broken rule (${colorScheme})`);
  }

  await fillParams(page, { max_price: '100' });
  await expect(rules.locator('[data-broken]')).toHaveCount(0);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
});

test('opens the forum posts form without an error and its call answers 200, with only the API headers', async ({
  page,
}) => {
  await openExplorerWithKey(page);
  await pickEndpoint(page, 'forumsite posts', POSTS);
  const rules = page.getByTestId('explorer-rules');
  await expect(rules).toContainText("Provide exactly one of 'community' or 'url'.");
  await expect(rules.locator('[data-broken]')).toHaveCount(0);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await page.emulateMedia({ colorScheme: 'light' });
  await send(page, 200);
  await expect(page.getByTestId('explorer-status')).not.toContainText('Not sent');

  const names = await page
    .locator('section[aria-labelledby="explorer-response-title"] details th[scope="row"]')
    .allTextContents();
  expect(names.length).toBeGreaterThan(3);
  expect(names.filter((n) => /^x-nextjs-|^x-middleware-/.test(n))).toEqual([]);
  const vary = await page.getByRole('row', { name: /^vary/ }).getByRole('cell').allTextContents();
  expect(vary.join(' ')).not.toMatch(/rsc|next-router/i);
  expect(names.some((n) => n.startsWith('x-billed-units'))).toBe(true);
});

test('keeps the endpoint and parameters in the address, through a reload and Back', async ({ page }) => {
  await openExplorerWithKey(page);
  await pickEndpoint(page, 'forumsite posts', POSTS);
  await fillParams(page, { community: 'AskHistorians', pages: '3' });
  await expect(page).toHaveURL(/path=\/v1\/forumsite\/community\/posts/);
  await expect(page).toHaveURL(/community=AskHistorians/);
  await expect(page).toHaveURL(/pages=3/);
  expect(page.url()).not.toMatch(/key/i);

  await page.reload();
  await expect(page.getByRole('heading', { name: `GET ${POSTS}` })).toBeVisible();
  await expect(page.locator('#param-community')).toHaveValue('AskHistorians');
  await expect(page.locator('#param-pages')).toHaveValue('3');

  await pickEndpoint(page, 'shop products', PRODUCTS);
  await expect(page).toHaveURL(/path=\/v1\/shop\/products/);
  await page.goBack();
  await expect(page.getByRole('heading', { name: `GET ${POSTS}` })).toBeVisible();
  await expect(page.locator('#param-community')).toHaveValue('AskHistorians');
  await expect(page.locator('#param-pages')).toHaveValue('3');
  await page.goForward();
  await expect(page.getByRole('heading', { name: `GET ${PRODUCTS}` })).toBeVisible();
});
