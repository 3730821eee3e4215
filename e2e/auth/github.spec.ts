// GitHub sign-in end to end: the console redirects to GitHub (the fake in e2e/fakes/github.ts,
// configured as GitHub Enterprise Server), GitHub redirects back with a code, the console exchanges
// it (PKCE) and reads the user and their emails from the REST API.
import { randomUUID } from 'node:crypto';

import { expect, type Page, test } from '@playwright/test';

import { signOut, signUp, submitSignUp, uniqueClientIp, uniqueEmail } from '../helpers/accounts';
import { createKey, keyRow } from '../helpers/keys';

type GitHubUser = { login: string; email: string; verified?: boolean };

function uniqueGitHubUser(): GitHubUser {
  return { login: `octo-${randomUUID().slice(0, 8)}`, email: uniqueEmail('github') };
}

/** From the sign-in page through GitHub's authorize screen, as this GitHub user. */
async function continueWithGitHub(page: Page, user: GitHubUser): Promise<void> {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize application' })).toBeVisible();
  await page.getByLabel('Username').fill(user.login);
  await page.getByLabel('Primary email').fill(user.email);
  if (user.verified === false) await page.getByLabel('Email verified').uncheck();
  await page.getByRole('button', { name: 'Authorize' }).click();
}

test.describe('GitHub sign-in', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });

  test('gives a new GitHub user an account, and brings them back to it next time', async ({ page }) => {
    const user = uniqueGitHubUser();
    await continueWithGitHub(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(user.email).first()).toBeVisible();
    await page.goto('/keys');
    const key = await createKey(page, 'from GitHub');
    await signOut(page);

    // The identity is linked: the same GitHub user is the same account, whatever email GitHub reports now.
    await continueWithGitHub(page, { ...user, email: uniqueEmail('github-changed') });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(user.email).first()).toBeVisible();
    await page.goto('/keys');
    await expect(keyRow(page, key)).toBeVisible();
  });

  test('does not link GitHub by its email to an account that has a password, and says how to link it', async ({
    page,
    browser,
  }) => {
    // Someone signs up with the address and a password of their own (they cannot follow the link
    // mailed to it, so they cannot sign in with it either).
    const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });
    const otherPage = await other.newPage();
    const email = uniqueEmail('password-first');
    await submitSignUp(otherPage, email);

    // A GitHub account vouching for the same address neither gets that account nor a session:
    // an address alone never opens an account with a password.
    await continueWithGitHub(page, { ...uniqueGitHubUser(), email });
    await expect(page).toHaveURL(/\/sign-in\?error=OAuthLinkFromSettings&provider=github/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'link GitHub in Settings, under Sign-in methods' }),
    ).toBeVisible();
    await page.goto('/keys');
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
    await otherPage.goto('/keys');
    await expect(otherPage).toHaveURL(/\/sign-in\?callbackUrl=/);
    await other.close();
  });

  test('refuses an email GitHub has not verified, so nobody takes over an account by claiming its address', async ({
    page,
  }) => {
    const email = await signUp(page);
    await signOut(page);

    await continueWithGitHub(page, { ...uniqueGitHubUser(), email, verified: false });
    await expect(page).toHaveURL(/\/sign-in\?error=AccessDenied/);
    // Next's route announcer is an alert too: look for ours by its text.
    await expect(
      page.getByRole('alert').filter({ hasText: /Its email must be verified with the provider/ }),
    ).toBeVisible();
    await page.goto('/keys');
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  });
});
