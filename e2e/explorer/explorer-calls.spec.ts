// The explorer as a new user tries it: a batch is priced item by item (each billed as if called
// alone), an answer on screen always names the call it belongs to and a refused send leaves no
// earlier answer behind, X-Request-Id is not marked as a billing header, the emotions speak
// proper English, and a rule between parameters is drawn once, as a hint.
import { expect, type Page, test } from '@playwright/test';

import { expectNoSeriousViolations } from '../helpers/axe';
import { fillParams, openExplorerWithKey, pickEndpoint, POSTS, send } from './explorer-page';

const PRODUCTS = '/v1/shop/products';
const PRICE_RULE = "'min_price' must not be greater than 'max_price'.";
// Screenshots to look at, when E2E_SCREENSHOTS names a folder.
const SHOTS = process.env.E2E_SCREENSHOTS ?? null;

async function pickBatch(page: Page): Promise<void> {
  await page.getByLabel('Search endpoints').fill('batch');
  await page
    .getByRole('navigation', { name: 'Endpoints' })
    .getByRole('button', { name: /^POST \/v1\/batch / })
    .click();
  await expect(page.getByRole('heading', { name: 'POST /v1/batch' })).toBeVisible();
  // Free itself, but its items are billed: neither the picker nor the form calls it free.
  await expect(page.getByRole('button', { name: /^POST \/v1\/batch .*Each item at its own price$/ })).toBeVisible();
  await expect(page.locator('form').getByText('Each item at its own price')).toBeVisible();
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, `/explorer ${name} at 390 px (dark)`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test("prices a batch as the sum of its items' largest costs, with the free units each would use", async ({ page }) => {
  await openExplorerWithKey(page);
  await pickBatch(page);
  await page.getByLabel('Request body (JSON)').fill(
    JSON.stringify(
      {
        requests: [
          { path: POSTS, params: { community: 'news', pages: 2 } },
          { path: POSTS, params: { community: 'news', pages: 3, get_sentiment: true } },
          { path: '/v1/account/verify' },
        ],
      },
      null,
      2,
    ),
  );
  // 2 pages at $0.003, then 3 pages at $0.003 plus $0.001 of sentiment each: $0.006 + $0.012.
  await expect(page.getByTestId('max-cost')).toHaveText('$0.018');
  await expect(page.getByText('Maximum cost of this call')).toHaveCount(0);
  await expect(page.getByText('Not needed')).toHaveCount(0);
  // A new account has 50 free pages of the posts endpoint: the items use 2, then 3 of them.
  await expect(page.getByTestId('batch-free-units')).toHaveText('5');
  const items = page.getByTestId('batch-cost-item');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('$0.006: 2 pages × $0.003');
  await expect(items.nth(0)).toContainText('uses 2 free units');
  await expect(items.nth(1)).toContainText('$0.012: 3 pages × $0.003 + sentiment $0.003');
  await expect(items.nth(1)).toContainText('uses 3 free units');
  await expect(items.nth(2)).toContainText('billed nothing');
  await shoot(page, 'explorer-batch-cost');

  await page.getByLabel('Request body (JSON)').fill('{"requests": [');
  await expect(page.getByTestId('max-cost')).toHaveText('Not known yet');
  await expect(page.getByText('Cannot read the items: the body is not valid JSON')).toBeVisible();
});

test('names the call an answer belongs to, and clears the answer when a send is refused', async ({ page }) => {
  await openExplorerWithKey(page);
  await pickEndpoint(page, 'forumsite posts', POSTS);
  await send(page, 200);
  await expect(page.getByTestId('response-call')).toHaveText(`To GET ${POSTS}`);
  // X-Request-Id names the call; it is not one of the headers that say what it cost.
  const requestId = page.getByRole('row', { name: /^x-request-id/ });
  await expect(requestId).toBeVisible();
  await expect(requestId).not.toHaveAttribute('data-billing', /.*/);
  await expect(page.getByRole('row', { name: /^x-billed-units \(billing\)/ })).toBeVisible();

  await pickEndpoint(page, 'shop products', PRODUCTS);
  await expect(page.getByTestId('response-call')).toHaveText(
    `To GET ${POSTS}: an earlier call to another endpoint than the one above`,
  );
  await shoot(page, 'explorer-earlier-answer');

  await fillParams(page, { min_price: '50', max_price: '10' });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('explorer-status')).toContainText('Not sent');
  await expect(page.getByTestId('response-status')).toHaveCount(0);
  await expect(page.getByText('Send a call to see its status, headers, body and cost here.')).toBeVisible();
});

test('draws the price rule once, as a hint, on an empty form', async ({ page }) => {
  await openExplorerWithKey(page);
  await pickEndpoint(page, 'shop products', PRODUCTS);
  await expect(page.getByText(PRICE_RULE, { exact: true })).toHaveCount(1);
  const rule = page.getByTestId('explorer-rules').getByRole('listitem');
  await expect(rule).toHaveText(PRICE_RULE);
  await expect(rule).not.toHaveAttribute('data-broken', /.*/);
  // The fields it names are described by it rather than repeating it.
  const ruleId = await rule.getAttribute('id');
  for (const field of ['min_price', 'max_price'])
    await expect(page.locator(`#param-${field}`)).toHaveAttribute('aria-describedby', new RegExp(`\\b${ruleId}\\b`));
  await shoot(page, 'explorer-rule-hint');
});

test('counts the records of each dominant emotion in proper English', async ({ page }) => {
  await openExplorerWithKey(page);
  await pickEndpoint(page, 'forumsite posts', POSTS);
  await fillParams(page, {
    community: 'AskScience',
    sort_by: 'hot',
    posted_ago: '',
    pages: '1',
    get_sentiment: 'true',
  });
  await send(page, 200);
  const view = page.getByRole('region', { name: 'Emotions' });
  const counts = await view.locator('dl dd').allTextContents();
  const dominant = counts.filter((text) => text.startsWith('dominant in'));
  expect(dominant).toHaveLength(8);
  for (const text of dominant) expect(text).toMatch(/^dominant in (1 record|(0|[2-9]|\d{2,}) records)$/);
  await expect(view).not.toContainText(/\b1 records\b/);
});
