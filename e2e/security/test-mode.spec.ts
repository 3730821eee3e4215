// With the Stripe emulator standing in for Stripe (no STRIPE_SECRET_KEY, as in these tests), every
// page says "Test mode", in words, from the server's first paint.
import { expect, test, type Page } from '@playwright/test';

import { signUp } from '../helpers/accounts';

async function expectTestModeBadge(page: Page, path: string) {
  const banner = page.getByRole('complementary', { name: 'Billing mode' });
  await expect(banner.getByText('Test mode', { exact: true }), path).toBeVisible();
  await expect(banner, path).toContainText('no card is charged');
}

test.describe('test mode badge', () => {
  test('shows on the public pages and in the console', async ({ page }) => {
    for (const path of ['/', '/docs', '/sign-in']) {
      await page.goto(path);
      await expectTestModeBadge(page, path);
    }
    await signUp(page);
    await page.goto('/dashboard');
    await expectTestModeBadge(page, '/dashboard');
  });

  test('is in the page the server sends, so nothing moves when it appears', async ({ request }) => {
    for (const path of ['/', '/docs', '/sign-in']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<aside aria-label="Billing mode"[^>]*>[\s\S]*?Test mode/);
    }
  });
});
