import { expect, test } from '@playwright/test';

import { CONSOLE_PORT } from '../helpers/ports';
import { PASSWORD, signOut, signUp, uniqueClientIp } from '../helpers/accounts';

// Values a browser would turn into another site after sign-in: it drops tabs and newlines and
// reads a backslash as a slash, so each of these once passed a "starts with one slash" check.
const hostile = [
  '/\t/evil.example/',
  '/\n/evil.example/',
  '/\r\n/evil.example/',
  '/\\evil.example/',
  '/\\/evil.example/',
  '//evil.example/',
  '/%09/evil.example/',
  '/%5C/evil.example/',
  'https://evil.example/',
  '/..//evil.example/',
];

test.describe('sign-in redirect', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });

  test('stays on the console whatever callbackUrl says', async ({ page, browser }) => {
    test.setTimeout(180_000); // ten sign-ins, each in a fresh browser context
    const email = await signUp(page);
    for (const callbackUrl of hostile) {
      // A fresh browser per value: signed out, and nothing left from the previous redirect.
      const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });
      const visitor = await context.newPage();
      await visitor.goto(`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`);
      await visitor.getByLabel('Email').fill(email);
      await visitor.getByLabel('Password').fill(PASSWORD);
      await visitor.getByRole('button', { name: 'Sign in' }).click();
      await visitor.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      const landed = new URL(visitor.url());
      expect(landed.host, `callbackUrl ${JSON.stringify(callbackUrl)}`).toBe(`localhost:${CONSOLE_PORT}`);
      await context.close();
    }
  });

  test('returns to a local page with its query after sign-in', async ({ page }) => {
    const email = await signUp(page);
    await signOut(page);
    await page.goto(`/sign-in?callbackUrl=${encodeURIComponent('/keys/../usage?month=2026-11')}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`http://localhost:${CONSOLE_PORT}/usage?month=2026-11`);
  });
});
