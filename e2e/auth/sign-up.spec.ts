import { expect, test } from '@playwright/test';

import { SIGN_UP_LIMIT } from '../../lib/server/auth/throttle-policy';
import { PASSWORD, signUp, uniqueClientIp, uniqueEmail } from '../helpers/accounts';

test.describe('sign-up', () => {
  test('creates an account and lands on the key list, signed in', async ({ page }) => {
    const email = await signUp(page);
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByText('No API keys yet')).toBeVisible();
  });

  test('shows an error on every invalid field at once', async ({ page }) => {
    await page.goto('/sign-up');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Use at least 10 characters')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
  });

  test('never says an email is registered: its own password signs in, another is refused like any sign-up', async ({ page, browser }) => {
    const email = await signUp(page);
    const other = await browser.newPage({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });
    await other.goto('/sign-up');
    await other.getByLabel('Email').fill(email.toUpperCase());
    await other.getByLabel('Password').fill('somebody else entirely');
    await other.getByRole('button', { name: 'Create account' }).click();
    await expect(other.getByRole('status').getByText(/We could not create an account with these details/)).toBeVisible();
    await expect(other.getByText(/already exists|already registered/i)).toHaveCount(0);
    await expect(other).toHaveURL(/\/sign-up$/);

    // The owner signing up again with their own password is simply signed in.
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Create account' }).click();
    await expect(other).toHaveURL(/\/dashboard$/);
    await other.close();
  });

  test(`slows down sign-ups from one address after ${SIGN_UP_LIMIT}`, async ({ browser }) => {
    test.setTimeout(180_000); // SIGN_UP_LIMIT sign-ups through the form first
    const address = uniqueClientIp();
    // A fresh browser per sign-up (signed out), all behind the same address.
    const fromAddress = async () => (await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })).newPage();
    for (let i = 0; i < SIGN_UP_LIMIT; i++) {
      const page = await fromAddress();
      await signUp(page, uniqueEmail('burst'), PASSWORD, { keepAddress: true });
      await page.context().close();
    }
    const page = await fromAddress();
    await page.goto('/sign-up');
    await page.getByLabel('Email').fill(uniqueEmail('burst'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status').getByText(/Too many attempts, try again in 1 minute/)).toBeVisible();
    await page.context().close();
  });

  test('offers a button for each configured OAuth provider only: GitHub here, not Google', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Continue with/ })).toHaveCount(1);
  });
});
