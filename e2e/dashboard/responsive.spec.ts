import { expect, test } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('navigation collapses into a menu that works, and nothing scrolls sideways', async ({ page }) => {
    await signUp(page);
    await createKey(page, 'phone key');

    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Usage' })).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: 'Usage' }).click();
    await expect(page).toHaveURL(/\/usage$/);
    await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Billing' })).toBeHidden();

    for (const path of ['/keys', '/usage', '/', '/sign-in']) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
  });

  test('the account menu shows the email and signs out', async ({ page }) => {
    const email = await signUp(page);
    await page.locator('header summary').click();
    await expect(page.getByText('Signed in as')).toBeVisible();
    await expect(page.getByText(email).last()).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
