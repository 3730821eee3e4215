import { expect, test } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { createKey, keyRow, keyTable } from '../helpers/keys';

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

    for (const path of [
      '/keys',
      '/usage',
      '/usage/requests',
      '/billing',
      '/settings',
      '/dashboard',
      '/status',
      '/',
      '/sign-in',
    ]) {
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

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('keys are cards with Revoke and Delete in view and working, without sideways scrolling', async ({ page }) => {
    await signUp(page);
    const first = await createKey(page, 'a key with a rather long name that would have widened the table');
    // Dismissed first, so that the next key's panel is not mistaken for this one's.
    await page.getByRole('button', { name: 'Done' }).click();
    const second = await createKey(page);
    await page.getByRole('button', { name: 'Done' }).click();

    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    const region = keyTable(page);
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    for (const key of [first, second]) {
      const row = keyRow(page, key);
      for (const name of [/^Revoke /, /^Delete /]) {
        const button = row.getByRole('button', { name });
        await button.scrollIntoViewIfNeeded();
        await expect(button).toBeInViewport();
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      // Each card names its fields, as the hidden header row does for screen readers.
      await expect(row.getByText('Last used', { exact: true })).toBeVisible();
    }

    const untitled = keyRow(page, second);
    const label = `${second.slice(0, 12)}…${second.slice(-4)}`;
    await untitled.getByRole('button', { name: `Revoke ${label}` }).tap();
    await expect(untitled).toContainText('Revoked');
    await untitled.getByRole('button', { name: `Delete ${label}` }).tap();
    await page.getByRole('dialog', { name: 'Delete this key?' }).getByRole('button', { name: 'Delete key' }).tap();
    await expect(untitled).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Your keys \(1 of 10\)/ })).toBeVisible();
  });

  test('the menu closes on Escape, returning focus to its button, and on a tap outside', async ({ page }) => {
    await signUp(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    const usage = page.getByRole('link', { name: 'Usage' });

    await menu.click();
    await expect(usage).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(usage).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    await menu.click();
    await expect(usage).toBeVisible();
    await page.touchscreen.tap(195, 800); // the page below the open menu
    await expect(usage).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // A press inside the open menu (not on a link) does not close it.
    await menu.click();
    await page.locator('#console-nav-links').dispatchEvent('pointerdown');
    await expect(usage).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  });

  test('the theme button is named for what it does', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signUp(page);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveClass(/light/);
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  });
});
