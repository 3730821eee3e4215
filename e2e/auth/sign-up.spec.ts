import { expect, test } from '@playwright/test';

import { PASSWORD, signUp } from '../helpers/accounts';

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

  test('refuses an email that already has an account with a field error', async ({ page, browser }) => {
    const email = await signUp(page);
    const other = await browser.newPage();
    await other.goto('/sign-up');
    await other.getByLabel('Email').fill(email.toUpperCase());
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Create account' }).click();
    await expect(other.getByText('An account with this email already exists')).toBeVisible();
    await expect(other).toHaveURL(/\/sign-up$/);
    await other.close();
  });

  test('offers a button for each configured OAuth provider only: GitHub here, not Google', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Continue with/ })).toHaveCount(1);
  });
});
