// The public status page: each family's source on this deployment (the e2e server runs every
// family on the sandbox), linked from the footer, the landing page and /docs, which say per
// family whether this deployment serves live or sandbox data; accessible on a phone in both themes.
import { expect, test } from '@playwright/test';

import { dataEndpoints } from '../lib/api/registry';
import { groupTitle } from '../lib/api/families';
import { expectNoSeriousViolations } from './helpers/axe';

const families = [...new Set(dataEndpoints.map((e) => e.family))];

test.describe('the status page', () => {
  test('shows every family with its source', async ({ page }) => {
    await page.goto('/status');
    await expect(page.getByRole('heading', { name: 'Status', level: 1 })).toBeVisible();
    // The count of endpoints with a live source heads the page.
    await expect(page.locator('[data-live-endpoints]')).toHaveText(
      `0 of ${dataEndpoints.length} endpoints have a live source`,
    );
    await expect(page.getByText('no family is live; every one answers with sandbox data')).toBeVisible();
    const list = page.getByRole('list', { name: 'Families and their sources' });
    // One card per family (each card holds its own list of endpoints).
    await expect(list.locator(':scope > li')).toHaveCount(families.length);
    for (const family of families) {
      const card = list.locator(`li[data-family="${family}"]`);
      await expect(card.getByRole('heading', { name: groupTitle(family), level: 2 })).toBeVisible();
      await expect(card).toContainText('Sandbox data');
      // Each of the family's endpoints, with its own source.
      const endpoints = card.getByRole('list', { name: `${groupTitle(family)} endpoints and their sources` });
      const paths = dataEndpoints.filter((e) => e.family === family).map((e) => e.path);
      await expect(endpoints.getByRole('listitem')).toHaveCount(paths.length);
      for (const path of paths) {
        const row = endpoints.locator(`li[data-endpoint="${path}"]`);
        await expect(row).toHaveAttribute('data-source', 'sandbox');
        await expect(row).toContainText(path);
        await expect(row).toContainText('Sandbox');
      }
    }
  });

  test('heads the page with the overall state and the recent incidents, under the public header', async ({ page }) => {
    await page.goto('/status');
    // Every family is on the sandbox here: nothing can fail upstream.
    await expect(page.locator('[data-overall]')).toHaveText('API operational');
    await expect(page.locator('[data-overall]')).toHaveAttribute('data-overall', 'operational');
    await expect(page.getByRole('heading', { name: 'Recent incidents', level: 2 })).toBeVisible();
    await expect(page.getByText('No incidents in the last 24 hours.')).toBeVisible();
    // The header of the other public pages: sign-in and the console.
    const site = page.getByRole('navigation', { name: 'Site' });
    await expect(site.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    await expect(site.getByRole('link', { name: 'Console' })).toHaveAttribute('href', '/dashboard');
    // What is the operator's alone stays off the public page.
    await expect(page.locator('main')).not.toContainText(/quota used|https?:\/\//);
  });

  test("is linked from the footer, the landing page and the reference, which say where each family's data comes from", async ({
    page,
  }) => {
    await page.goto('/');
    const landingSources = page.getByRole('list', { name: 'Source of each family' });
    await expect(landingSources.getByRole('listitem')).toHaveCount(families.length);
    await expect(landingSources.locator('li[data-family="forumsite"]')).toContainText('Sandbox data');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Status' })).toHaveAttribute(
      'href',
      '/status',
    );
    await page.getByRole('main').getByRole('link', { name: 'See the status of each source' }).click();
    await expect(page).toHaveURL(/\/status$/);

    await page.goto('/docs');
    const docsSources = page.getByRole('list', { name: 'Source of each family' });
    await expect(docsSources.getByRole('listitem')).toHaveCount(families.length);
    await expect(docsSources.locator('li[data-family="politicnet"]')).toContainText('Sandbox data');
    await page.getByRole('link', { name: 'Status of the data sources' }).click();
    await expect(page).toHaveURL(/\/status$/);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`passes axe and fits a 390 px phone in ${colorScheme} mode`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme });
      await page.goto('/status');
      await expect(page.getByRole('heading', { name: 'Status', level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoSeriousViolations(page, `/status in ${colorScheme} mode`);
    });
  }
});
