// The public landing page: every endpoint of the registry with its price, a way to the
// reference and to sign up, readable and accessible on a phone in both themes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

import { FREE_UNITS_PER_MONTH } from '../lib/api/pricing';
import { endpoints } from '../lib/api/registry';
import { describeEndpoint, priceText } from '../lib/docs/endpoint-model';

test.describe('the landing page', () => {
  test('lists every registry endpoint with its price and free tier, linked to its reference', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Endpoints and prices' })).toBeVisible();
    const listed = page.locator('li[data-endpoint]');
    await expect(listed).toHaveCount(endpoints.length);
    for (const model of endpoints.map(describeEndpoint)) {
      const item = page.locator(`li[data-endpoint="${model.path}"]`);
      await expect(item.getByRole('link', { name: model.path, exact: true })).toHaveAttribute('href', /^\/docs#/);
      await expect(item).toContainText(model.summary);
      await expect(item).toContainText(priceText(model));
      if (model.priceMicros > 0) await expect(item).toContainText(`${FREE_UNITS_PER_MONTH} free a month`);
    }
    await expect(page.getByText(`first ${FREE_UNITS_PER_MONTH} units each calendar month are free`)).toBeVisible();
  });

  test('has a code sample, links to the reference and to sign-up and sign-in, and a footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByLabel('Example request with curl')).toContainText("-H 'X-API-Key: <API_KEY>'");
    await expect(page.getByLabel('Example response')).toContainText('"');
    await expect(page.getByRole('link', { name: 'Read the API reference' })).toHaveAttribute('href', '/docs');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      '/docs',
    );
    await page.getByRole('link', { name: 'Read the API reference' }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();

    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Create a free account' }).first().click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`passes axe and fits a 390 px phone in ${colorScheme} mode`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme });
      await page.goto('/');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const violations = results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
      );
      expect(violations, violations.join('\n')).toEqual([]);
    });
  }
});
