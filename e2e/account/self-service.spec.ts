// Account self-service end to end, reading mail where a developer would (/dev/mailbox): password
// reset (expired and reused links too), email verification, change password and email, sign out
// other sessions, delete the account.
import { expect, test, type Browser, type Page } from '@playwright/test';

import { PASSWORD, signIn, signUp, submitSignUp, uniqueClientIp, uniqueEmail } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { expireMailedLinks, latestMail, linkIn, mailTo } from '../helpers/mailbox';
import { API_PORT } from '../helpers/ports';
import { expectNoSeriousViolations } from '../helpers/axe';

const TOKEN_REPLACED = 'This link was already used, or a newer one replaced it. Ask for a new one.';

const NEW_PASSWORD = 'a brand new passphrase';
const PASSWORD_CHANGED = /^Your Public Data API password was changed/;

// Several browsers sign up, in and out per test: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });
const verifyUrl = `http://localhost:${API_PORT}/v1/account/verify`;

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });
  return context.newPage();
}

async function requestReset(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${email} has an account, we have mailed it a link`);
}

/** Expects the console to have signed this page out (its session ended elsewhere). */
async function expectSignedOut(page: Page) {
  await page.goto('/keys');
  await expect(page).toHaveURL(/\/sign-in/);
}

test.describe('password reset', () => {
  test('mails a single-use link that sets a new password and ends every session', async ({ page, browser }) => {
    const email = await signUp(page);
    const elsewhere = await freshPage(browser);
    await signIn(elsewhere, email);
    await expect(elsewhere).toHaveURL(/\/dashboard$/);

    const visitor = await freshPage(browser);
    await requestReset(visitor, email);
    const link = linkIn(await latestMail(visitor, email, /^Reset your/), '/reset-password');
    await visitor.goto(link);
    await visitor.getByLabel('New password').fill(NEW_PASSWORD);
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    await expect(visitor).toHaveURL(/\/sign-in\?reset=1$/);
    await expect(visitor.getByText('Your password is changed. Sign in with the new one.')).toBeVisible();
    // The address is told, with a way back in if it was not its owner.
    expect(await latestMail(visitor, email, PASSWORD_CHANGED)).toMatch(/https?:\/\/\S+\/forgot-password\b/);

    // Both sessions that were open before the reset are over.
    await expectSignedOut(page);
    await expectSignedOut(elsewhere);
    await signIn(visitor, email, PASSWORD);
    await expect(visitor.getByText('Incorrect email or password')).toBeVisible();
    await signIn(visitor, email, NEW_PASSWORD);
    await expect(visitor).toHaveURL(/\/dashboard$/);

    // The link worked once.
    const again = await freshPage(browser);
    await again.goto(link);
    // Said when the link is opened, not after a new password is typed.
    await expect(again.getByTestId('reset-link-problem')).toContainText('Each reset link works once.');
    await expect(again.getByLabel('New password')).toHaveCount(0);
  });

  test('answers an unknown email exactly like a known one, and mails nobody', async ({ page }) => {
    const unknown = uniqueEmail('nobody');
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueClientIp() });
    await requestReset(page, unknown);
    expect(await mailTo(unknown)).toEqual([]);
  });

  test('refuses an expired link', async ({ page, browser }) => {
    const email = await signUp(page);
    const visitor = await freshPage(browser);
    await requestReset(visitor, email);
    const link = linkIn(await latestMail(visitor, email, /^Reset your/), '/reset-password');
    await expireMailedLinks(email);
    await visitor.goto(link);
    await expect(visitor.getByTestId('reset-link-problem')).toHaveText(
      'Reset links work for 30 minutes. Ask for a new one.',
    );
    await expect(visitor.getByLabel('New password')).toHaveCount(0);
    // The old password still works.
    await signIn(visitor, email, PASSWORD);
    await expect(visitor).toHaveURL(/\/dashboard$/);
  });
});

test.describe('email verification', () => {
  test('opening the mailed link verifies at once; a sign-in before it is refused as unverified, mails nothing, and the link still works', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueClientIp() });
    await submitSignUp(page, email);
    const first = linkIn(await latestMail(page, email, /^Verify your/), '/verify-email');

    await signIn(page, email);
    const form = page.locator('main');
    await expect(
      form.getByText(`Your email address is not verified yet. Follow the link we mailed to ${email}`),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: 'Send a new link' })).toBeVisible();
    await expectNoSeriousViolations(page, 'sign-in refused for an unverified address');
    // Nothing was mailed unasked: the first link is still the only one, and it still works.
    expect((await mailTo(email)).filter((mail) => /^Verify your/.test(mail.subject))).toHaveLength(1);

    await page.goto(first);
    await expect(page.getByRole('status')).toHaveText(`${email} is verified.`);
    await expect(page.getByRole('button', { name: 'Verify email address' })).toHaveCount(0);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings');
    await expect(page.getByText(`${email} · verified`)).toBeVisible();
    await expect(page.getByText('Verify your email address.')).toHaveCount(0);
  });

  test('"Send a new link" after a refused sign-in mails a new link that replaces the first', async ({ page }) => {
    const email = uniqueEmail();
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueClientIp() });
    await submitSignUp(page, email);
    const first = linkIn(await latestMail(page, email, /^Verify your/), '/verify-email');

    await signIn(page, email);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByText(`If ${email} is waiting to be verified, a new link is on its way.`)).toBeVisible();
    await expect
      .poll(async () => (await mailTo(email)).filter((mail) => /^Verify your/.test(mail.subject)).length)
      .toBe(2);
    await page.goto(first);
    await expect(page.getByRole('status')).toHaveText(TOKEN_REPLACED);

    await page.goto(linkIn(await latestMail(page, email, /^Verify your/), '/verify-email'));
    await expect(page.getByRole('status')).toHaveText(`${email} is verified.`);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('settings', () => {
  test('changing the password needs the current one and signs out the other sessions only', async ({
    page,
    browser,
  }) => {
    const email = await signUp(page);
    const elsewhere = await freshPage(browser);
    await signIn(elsewhere, email);
    await expect(elsewhere).toHaveURL(/\/dashboard$/);

    await page.goto('/settings');
    const form = page.getByRole('region', { name: 'Password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The current password is not right')).toBeVisible();
    await expect(form.getByLabel('Current password')).toBeFocused();

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText('Password changed. Your other sessions are signed out.');

    await expectSignedOut(elsewhere);
    await page.goto('/keys');
    await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
    await signIn(elsewhere, email, NEW_PASSWORD);
    await expect(elsewhere).toHaveURL(/\/dashboard$/);
    expect(await latestMail(page, email, PASSWORD_CHANGED)).toMatch(/https?:\/\/\S+\/forgot-password\b/);
  });

  test('"sign out other sessions" ends them and keeps this one', async ({ page, browser }) => {
    const email = await signUp(page);
    const elsewhere = await freshPage(browser);
    await signIn(elsewhere, email);
    await expect(elsewhere).toHaveURL(/\/dashboard$/);
    await page.goto('/settings');
    // The region also lists the sessions, each with its own End button and status line.
    const form = page.getByRole('region', { name: 'Sessions', exact: true });
    await form.getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(form.getByText('Every other session is signed out.')).toBeVisible();
    await expectSignedOut(elsewhere);
    await page.goto('/keys');
    await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  });

  test('changing the email needs the current password, and the old address is told on the request and on the change', async ({
    page,
    browser,
  }) => {
    const email = await signUp(page);
    const next = uniqueEmail('moved');
    await page.goto('/settings');
    const form = page.getByRole('region', { name: 'Email address' });
    await form.getByLabel('New email address').fill(next);
    await form.getByRole('button', { name: 'Change email' }).click();
    await expect(form.getByText('Enter your current password')).toBeVisible();
    await expect(form.getByLabel('Current password')).toBeFocused();
    await form.getByLabel('Current password').fill('not my password');
    await form.getByRole('button', { name: 'Change email' }).click();
    await expect(form.getByText('The current password is not right')).toBeVisible();
    expect(await mailTo(next)).toEqual([]);

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change email' }).click();
    await expect(form.getByRole('status')).toHaveText(
      `We mailed a link to ${next}. Your email address changes when you follow it. We told your current address too.`,
    );
    const requested = await latestMail(page, email, /^Your Public Data API email address is about to change/);
    expect(requested).toContain(next);
    linkIn(requested, '/secure-account');
    await page.reload();
    await expect(page.getByText(`${email} · verified`)).toBeVisible();

    const link = linkIn(await latestMail(page, next, /^Confirm your new/), '/verify-email');
    await page.goto(link);
    await expect(page.getByRole('status')).toHaveText(`Your email address is now ${next}.`);
    linkIn(await latestMail(page, email, /^Your Public Data API email address was changed/), '/secure-account');

    const withNew = await freshPage(browser);
    await signIn(withNew, next);
    await expect(withNew).toHaveURL(/\/dashboard$/);
    const withOld = await freshPage(browser);
    await signIn(withOld, email);
    await expect(withOld.getByText('Incorrect email or password')).toBeVisible();
  });

  test("the old address's recovery link takes a moved account back and signs out whoever moved it", async ({
    page,
    browser,
  }) => {
    // A borrowed session, with the password too, moves the account to another address.
    const email = await signUp(page);
    const thief = uniqueEmail('thief');
    await page.goto('/settings');
    const form = page.getByRole('region', { name: 'Email address' });
    await form.getByLabel('New email address').fill(thief);
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change email' }).click();
    await expect(form.getByRole('status')).toContainText(`We mailed a link to ${thief}.`);
    await page.goto(linkIn(await latestMail(page, thief, /^Confirm your new/), '/verify-email'));
    await expect(page.getByRole('status')).toHaveText(`Your email address is now ${thief}.`);

    // The owner follows the link mailed to the old address.
    const owner = await freshPage(browser);
    await owner.goto(
      linkIn(await latestMail(owner, email, /^Your Public Data API email address was changed/), '/secure-account'),
    );
    await owner.getByLabel('New password').fill(NEW_PASSWORD);
    await owner.getByRole('button', { name: 'Secure my account' }).click();
    await expect(owner).toHaveURL(/\/sign-in\?secured=1$/);
    await expect(owner.getByText('Your account is secured')).toBeVisible();

    await expectSignedOut(page);
    await signIn(page, thief, PASSWORD);
    await expect(page.getByText('Incorrect email or password')).toBeVisible();
    await signIn(owner, email, NEW_PASSWORD);
    await expect(owner).toHaveURL(/\/dashboard$/);
    await expect(owner.getByText(email).first()).toBeVisible();
  });

  test('deleting the account needs the typed confirmation, stops its keys at once and ends the sign-in', async ({
    page,
    request,
  }) => {
    const email = await signUp(page);
    const key = await createKey(page, 'doomed');
    expect((await request.get(verifyUrl, { headers: { 'X-API-Key': key } })).status()).toBe(200);

    await page.goto('/settings');
    const form = page.getByRole('region', { name: 'Delete account' });
    await form.getByLabel('Type "delete my account" to confirm').fill('delete it');
    await form.getByRole('button', { name: 'Delete account' }).click();
    await expect(form.getByText('Type "delete my account" to confirm').last()).toBeVisible();
    await expect(form.getByLabel('Type "delete my account" to confirm')).toBeFocused();

    await form.getByLabel('Type "delete my account" to confirm').fill('delete my account');
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Delete account' }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);

    const refused = await request.get(verifyUrl, { headers: { 'X-API-Key': key } });
    expect(refused.status()).toBe(401);
    await expectSignedOut(page);
    await signIn(page, email);
    await expect(page.getByText('Incorrect email or password')).toBeVisible();
  });
});
