// GitHub sign-in end to end: the console redirects to GitHub (the fake in e2e/fakes/github.ts,
// configured as GitHub Enterprise Server), GitHub redirects back with a code, the console exchanges
// it (PKCE) and reads the user and their emails from the REST API.
import { randomUUID } from 'node:crypto';

import { expect, type Page, test } from '@playwright/test';

import { PASSWORD, signIn, signOut, signUp, submitSignUp, uniqueClientIp, uniqueEmail } from '../helpers/accounts';
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

  test("shuts out a password someone set up beforehand under the GitHub user's verified email", async ({
    page,
    browser,
  }) => {
    // The attacker signs up with the victim's address and a password of their own (they cannot
    // follow the link mailed to it, so they cannot sign in with it either).
    const attacker = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });
    const attackerPage = await attacker.newPage();
    const email = uniqueEmail('victim');
    await submitSignUp(attackerPage, email);

    // The address's owner signs in with GitHub, which vouches for it: they get the account.
    await continueWithGitHub(page, { ...uniqueGitHubUser(), email });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(email).first()).toBeVisible();

    // The attacker has no session, and their password no longer works even once the address is verified.
    await attackerPage.goto('/keys');
    await expect(attackerPage).toHaveURL(/\/sign-in\?callbackUrl=/);
    await signIn(attackerPage, email, PASSWORD);
    await expect(attackerPage.getByRole('status').getByText('Incorrect email or password.')).toBeVisible();
    await attacker.close();
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
