// Two-factor sign-in end to end: set up in /settings with the QR code and the key shown, confirmed
// with a code; recovery codes shown once; the password then leads to a code step (no session before
// it); a recovery code works once; turning it off needs a code; turning it on needs the password
// too; a new GitHub identity with a two-factor user's verified email gets neither a session nor a
// link; GitHub linked from /settings is asked for the code. Codes are made from the key the page
// shows, as an app would.
import { randomUUID } from 'node:crypto';

import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { PASSWORD, signIn, signOut as signOutFromMenu, signUp, uniqueClientIp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { mailTo } from '../helpers/mailbox';

test.describe.configure({ timeout: 150_000 });
test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/** Signs out from the menu of a page without /settings' "Sign out other sessions" button. */
async function signOut(page: Page) {
  await page.goto('/keys');
  await signOutFromMenu(page);
}

const section = (page: Page) => page.getByRole('region', { name: 'Two-factor sign-in' });

/** Starts the set-up in /settings and reads the key the page shows. */
async function startSetUp(page: Page): Promise<string> {
  await page.goto('/settings');
  await section(page).getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section(page).getByRole('img', { name: /QR code/ })).toBeVisible();
  return (await section(page).locator('code').innerText()).replace(/\s+/g, '');
}

/** The set-up's last step: the app's code and the current password. */
async function turnOn(page: Page, code: string, password = PASSWORD) {
  await section(page).getByLabel('Code from your app').fill(code);
  await section(page).getByLabel('Current password').fill(password);
  await section(page).getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
}

/** Turns two-factor sign-in on; returns the key and the recovery codes shown. */
async function enableTwoFactor(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  const secret = await startSetUp(page);
  await turnOn(page, codeFor(secret));
  const list = section(page).getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  await expect(section(page).getByText(/On since/)).toBeVisible();
  return { secret, recoveryCodes };
}

async function codeStep(page: Page, code: string) {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('sets up two-factor sign-in with a QR code and asks for a code after the password', async ({ page, context }) => {
  const email = await signUp(page);
  const secret = await startSetUp(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousViolations(page, '2FA set-up');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await section(page).screenshot({ path: `/work/shots/h18/two-factor-setup-${scheme}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await section(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/work/shots/h18/two-factor-setup-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });

  // A session alone does not turn it on: the password is asked too.
  await section(page).getByLabel('Code from your app').fill(codeFor(secret));
  await section(page).getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section(page).getByText('Enter your current password')).toBeVisible();
  // A wrong code leaves it off.
  await turnOn(page, '000000');
  await expect(section(page).getByText('That code is not right, or was already used')).toBeVisible();
  await turnOn(page, codeFor(secret));
  await expect(section(page).getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  // The set-up form's outcome does not pass on to the form now in its place.
  await expect(section(page).getByText('Two-factor sign-in is on. Save your recovery codes now.')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'recovery codes');
  await section(page).screenshot({ path: '/work/shots/h18/two-factor-recovery-codes.png' });
  await signOut(page);

  // The right password alone is no session: the code step follows.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/sign-in\/two-factor/);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expectNoSeriousViolations(page, 'code step');
  expect((await context.cookies()).some((c) => c.name.includes('session-token'))).toBe(false);
  await page.goto('/keys');
  await expect(page).toHaveURL(/\/sign-in/);

  await signIn(page, email);
  await codeStep(page, '123456');
  await expect(page.getByText('That code is not right, or was already used')).toBeVisible();
  // The code of the next step: the set-up already used this step's.
  await codeStep(page, codeFor(secret, 1));
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a recovery code signs in once, and turning it off needs a code', async ({ page }) => {
  const email = await signUp(page);
  const { recoveryCodes } = await enableTwoFactor(page);
  await signOut(page);

  await signIn(page, email);
  await codeStep(page, recoveryCodes[0]!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(section(page).getByText('9 of 10 recovery codes left')).toBeVisible();
  await signOut(page);

  await signIn(page, email);
  await codeStep(page, recoveryCodes[0]!);
  await expect(page.getByText('That code is not right, or was already used')).toBeVisible();
  await codeStep(page, recoveryCodes[1]!);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  await section(page).getByLabel('Code to turn it off').fill('654321');
  await section(page).getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(section(page).getByText('That code is not right, or was already used')).toBeVisible();
  await section(page).getByLabel('Code to turn it off').fill(recoveryCodes[2]!);
  await section(page).getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(section(page).getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await signOut(page);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** From the sign-in page through the fake GitHub's authorize screen, as this GitHub user. */
async function continueWithGitHub(page: Page, login: string, email: string) {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await authorizeOnGitHub(page, login, email);
}

async function authorizeOnGitHub(page: Page, login: string, email: string) {
  await expect(page.getByRole('heading', { name: 'Authorize application' })).toBeVisible();
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Primary email').fill(email);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

const signInMethods = (page: Page) => page.getByRole('region', { name: 'Sign-in methods' });

test("a new GitHub identity with a two-factor user's verified email gets no session and no link", async ({ page }) => {
  // The victim: a password and two-factor sign-in.
  const email = await signUp(page);
  const { secret } = await enableTwoFactor(page);
  await signOut(page);

  // Someone who controls the mailbox verifies the address on a brand-new GitHub account.
  await continueWithGitHub(page, `octo-${randomUUID().slice(0, 8)}`, email);
  await expect(page).toHaveURL(/\/sign-in\?error=OAuthLinkFromSettings/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'GitHub was not linked to it: sign in with your password (and code)' }),
  ).toBeVisible();
  await page.goto('/keys');
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  expect((await mailTo(email)).map((m) => m.subject)).not.toContain(
    'GitHub sign-in was linked to your Public Data API account',
  );

  // The owner signs in as before and finds nothing linked.
  await signIn(page, email);
  await codeStep(page, codeFor(secret, 1));
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(signInMethods(page).getByText('GitHub: not linked')).toBeVisible();
});

test('GitHub linked from /settings after the password; its sign-in then asks for the code', async ({ page }) => {
  const email = await signUp(page);
  const login = `octo-${randomUUID().slice(0, 8)}`;
  await page.goto('/settings');
  // Not without the password.
  await signInMethods(page).getByRole('button', { name: 'Link GitHub' }).click();
  await expect(signInMethods(page).getByText('Enter your current password')).toBeVisible();
  await signInMethods(page).getByLabel('Current password').fill(PASSWORD);
  await signInMethods(page).getByRole('button', { name: 'Link GitHub' }).click();
  // GitHub's own address for the user need not be the account's.
  await authorizeOnGitHub(page, login, `${login}@github.example`);
  await expect(page).toHaveURL(/\/settings\?link=linked&provider=github/);
  await expect(page.getByRole('status').filter({ hasText: 'GitHub is linked' })).toBeVisible();
  await expect(signInMethods(page).getByText(/GitHub: linked since \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await expect
    .poll(async () => (await mailTo(email)).map((m) => m.subject))
    .toContain('GitHub sign-in was linked to your Public Data API account');
  await expectNoSeriousViolations(page, 'sign-in methods');
  await signInMethods(page).screenshot({ path: '/work/shots/h38/sign-in-methods.png' });

  const { secret } = await enableTwoFactor(page);
  await signOut(page);
  await continueWithGitHub(page, login, `${login}@github.example`);
  await expect(page).toHaveURL(/\/sign-in\/two-factor/);
  await page.goto('/keys');
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);

  await continueWithGitHub(page, login, `${login}@github.example`);
  await expect(page).toHaveURL(/\/sign-in\/two-factor/);
  await codeStep(page, codeFor(secret, 1));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(email).first()).toBeVisible();
});
