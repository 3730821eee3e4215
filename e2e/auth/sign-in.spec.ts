import { expect, test } from '@playwright/test';

import { IP_FAILURE_LIMIT } from '../../lib/server/auth/throttle-policy';
import { PASSWORD, signIn, signOut, signUp, uniqueClientIp, uniqueEmail } from '../helpers/accounts';

test.describe('sign-in', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });

  test('signs in with email and password after signing out', async ({ page }) => {
    const email = await signUp(page);
    await signOut(page);
    await signIn(page, email.toUpperCase());
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(email).first()).toBeVisible();
  });

  test('ends the session on the server: a cookie kept from before sign-out no longer works', async ({
    page,
    context,
  }) => {
    await signUp(page);
    const before = await context.cookies();
    expect(before.some((c) => c.name.includes('session-token'))).toBe(true);
    await signOut(page);
    // A request in flight during sign-out can set the old cookie again; simulate that.
    await context.addCookies(before);
    // Auth.js's own session endpoint refuses it too, not only the console's pages.
    const session = await page.request.get('/api/auth/session');
    expect(await session.json()).toBeNull();
    await context.addCookies(before);
    await page.goto('/keys?from=test');
    // Sent by the page's own check, not the proxy's (the cookie is there): still back to the page afterwards.
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fkeys%3Ffrom%3Dtest$/);
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

  // The e2e server trusts one proxy hop (playwright.config.ts), as behind a load balancer: the
  // address that hop reported is the last entry a client cannot forge.
  test('throttles the address a trusted proxy reported, whatever the client writes before it', async ({ page }) => {
    const address = uniqueClientIp();
    for (let attempt = 0; attempt < IP_FAILURE_LIMIT; attempt++) {
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': `${uniqueClientIp()}, ${address}` });
      await signIn(page, uniqueEmail('nobody'), `wrong password ${attempt}`);
      await expect(page.getByText('Incorrect email or password.')).toBeVisible();
    }
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `${uniqueClientIp()}, ${address}` });
    await signIn(page, uniqueEmail('nobody'), PASSWORD);
    await expect(page.getByText(/Too many attempts, try again in 1 minute/)).toBeVisible();
  });

  test('sends signed-out visitors from console pages to sign-in, and back after signing in', async ({ page }) => {
    const email = await signUp(page);
    await signOut(page);
    for (const path of ['/keys', '/usage', '/billing', '/explorer']) {
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
