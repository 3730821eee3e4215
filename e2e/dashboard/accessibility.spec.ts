import { expect, test } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { expectNoSeriousViolations } from '../helpers/axe';

const PUBLIC_PAGES = [
  '/',
  '/sign-in',
  '/sign-up',
  '/docs',
  '/forgot-password',
  '/reset-password?token=t',
  '/verify-email?token=t',
  '/dev/mailbox',
];
const CONSOLE_PAGES = ['/dashboard', '/keys', '/usage', '/usage/requests', '/billing', '/explorer', '/settings'];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility in ${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('public pages have no serious or critical violations', async ({ page }) => {
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expectNoSeriousViolations(page, `${path} (${colorScheme})`);
      }
    });

    test('console pages have no serious or critical violations', async ({ page }) => {
      await signUp(page);
      await expectNoSeriousViolations(page, `/keys empty (${colorScheme})`);
      await createKey(page, 'audited');
      await expectNoSeriousViolations(page, `/keys with a new key (${colorScheme})`);
      for (const path of CONSOLE_PAGES) {
        await page.goto(path);
        await expect(page.locator('main h1')).toBeVisible();
        await expectNoSeriousViolations(page, `${path} (${colorScheme})`);
      }
    });
  });
}

test('the theme button says what it will do, switches to dark and remembers it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expectNoSeriousViolations(page, '/ (toggled dark)');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
});

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/sign-in');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});
