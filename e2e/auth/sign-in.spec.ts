import { expect, test } from '@playwright/test';

import { PASSWORD, signIn, signOut, signUp, uniqueClientIp, uniqueEmail } from '../helpers/accounts';

test.describe('sign-in', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });

  test('signs in with email and password after signing out', async ({ page }) => {
    const email = await signUp(page);
    await signOut(page);
    await signIn(page, email.toUpperCase());
    await expect(page).toHaveURL(/\/keys$/);
    await expect(page.getByText(email).first()).toBeVisible();
  });

  test('ends the session on the server: a cookie kept from before sign-out no longer works', async ({ page, context }) => {
    await signUp(page);
    const before = await context.cookies();
    expect(before.some((c) => c.name.includes('session-token'))).toBe(true);
    await signOut(page);
    // A request in flight during sign-out can set the old cookie again; simulate that.
    await context.addCookies(before);
    await page.goto('/keys');
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('answers a wrong password and an unknown email with the same message', async ({ page }) => {
    const email = await signUp(page);
    await signOut(page);

    await signIn(page, email, 'not the right password');
    await expect(page.getByRole('status').getByText('Incorrect email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await signIn(page, uniqueEmail('nobody'), PASSWORD);
    await expect(page.getByRole('status').getByText('Incorrect email or password.')).toBeVisible();
  });

  test('slows down repeated failures for one email', async ({ page }) => {
    const email = await signUp(page);
    await signOut(page);
    for (let attempt = 0; attempt < 5; attempt++) {
      await signIn(page, email, `wrong password ${attempt}`);
      await expect(page.getByText('Incorrect email or password.')).toBeVisible();
    }
    await signIn(page, email, PASSWORD);
    await expect(page.getByText(/Too many attempts, try again in 1 minute/)).toBeVisible();
  });

  test('sends signed-out visitors from console pages to sign-in, and back after signing in', async ({ page }) => {
    const email = await signUp(page);
    await signOut(page);
    for (const path of ['/keys', '/usage', '/billing', '/explorer', '/docs']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
    }
    await page.goto('/usage');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/usage$/);
  });

  test('signs out: the console is no longer reachable', async ({ page }) => {
    await signUp(page);
    await signOut(page);
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await page.goto('/keys');
    await expect(page).toHaveURL(/\/sign-in/);
  });
});
