// First-load JavaScript of the usage page against the keys page (issue 13's budget: within 40 kB
// gzip). Sizes, not times: each script the page loads, gzipped here at level 9, summed.
import { gzipSync } from 'node:zlib';

import { expect, test, type Page } from '@playwright/test';

import { signUp } from '../helpers/accounts';

const BUDGET_BYTES = 40 * 1024;

/** Gzipped bytes of every script a first load of `path` fetches (a new context: nothing cached). */
async function firstLoadJs(page: Page, path: string): Promise<number> {
  const context = await page.context().browser()!.newContext({ storageState: await page.context().storageState() });
  const fresh = await context.newPage();
  const bodies: Promise<number>[] = [];
  fresh.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
  });
  await fresh.goto(path, { waitUntil: 'networkidle' });
  const total = (await Promise.all(bodies)).reduce((sum, n) => sum + n, 0);
  await context.close();
  return total;
}

test('the usage page loads at most 40 kB gzip of JavaScript more than the keys page', async ({ page }) => {
  await signUp(page);
  const keys = await firstLoadJs(page, '/keys');
  const usage = await firstLoadJs(page, '/usage');
  console.log(`first-load JS (gzip): /keys ${(keys / 1024).toFixed(1)} kB, /usage ${(usage / 1024).toFixed(1)} kB, difference ${((usage - keys) / 1024).toFixed(1)} kB`);
  expect(keys).toBeGreaterThan(0);
  expect(usage - keys).toBeLessThanOrEqual(BUDGET_BYTES);
});
