import { expect, test, type Browser, type Page } from '@playwright/test';

import { SIGN_UP_LIMIT } from '../../lib/server/auth/throttle-policy';
import { PASSWORD, signIn, signUp, submitSignUp, uniqueClientIp, uniqueEmail } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { latestMail, linkIn } from '../helpers/mailbox';

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });
  return context.newPage();
}

/**
 * Sends the sign-up form and returns what came back: the HTTP status of the form's POST, the URL
 * the page is on after it, and what the page says, with the address typed in made generic.
 */
async function signUpAnswer(page: Page, email: string, password = PASSWORD) {
  const posted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/sign-up',
  );
  await submitSignUp(page, email, password);
  const url = new URL(page.url());
  const card = await page.locator('main').innerText();
  return {
    status: (await posted).status(),
    url: url.pathname + url.search,
    card: card.replaceAll(email.toLowerCase(), '<email>'),
  };
}

test.describe('sign-up', () => {
  test('asks to check the mail; the mailed link verifies the address, and then the account signs in', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueClientIp() });
    await submitSignUp(page, email);
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByRole('status')).toContainText(`We sent a message to ${email}`);

    // "Check your mail" is said once: the heading, not the heading and the message again.
    await expect(page.locator('main').getByText('Check your mail')).toHaveCount(1);

    // Not signed in, and no sign-in until the address is verified (the refusal says so).
    await page.goto('/keys');
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
    await signIn(page, email);
    await expect(page.getByText('Your email address is not verified yet.')).toBeVisible();

    // One step: opening the link verifies.
    const link = linkIn(await latestMail(page, email, /^Verify your/), '/verify-email');
    await page.goto(link);
    await expect(page.getByRole('status')).toHaveText(`${email} is verified.`);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/keys');
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByText('No API keys yet')).toBeVisible();
  });

  test('the development mailbox shows the verification link as a link, and following it verifies', async ({
    browser,
  }) => {
    const email = uniqueEmail('mailbox');
    const visitor = await freshPage(browser);
    await submitSignUp(visitor, email);
    await latestMail(visitor, email, /^Verify your/);
    // The developer's browser, on this machine (the mailbox serves no one else).
    const developer = await (
      await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '127.0.0.1' } })
    ).newPage();
    await developer.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const mail = developer.getByRole('article', { name: /^Verify your/ });
    const link = mail.getByRole('link', { name: /\/verify-email\?token=/ });
    await expect(link).toBeVisible();
    await expectNoSeriousViolations(developer, 'dev mailbox');
    await link.click();
    await expect(developer.getByRole('status')).toHaveText(`${email} is verified.`);
    await developer.context().close();
    await visitor.context().close();
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

  test('a taken address gets the same screen as a new one, and its owner a mail with sign-in and reset links', async ({
    page,
    browser,
  }) => {
    const owner = await signUp(page);

    const newcomer = await freshPage(browser);
    const fresh = uniqueEmail('fresh');
    const forNew = await signUpAnswer(newcomer, fresh);
    expect(forNew.status).toBe(200);

    // Someone else tries the owner's address, with a password of their own and then with the owner's.
    for (const password of ['somebody else entirely', PASSWORD]) {
      const other = await freshPage(browser);
      expect(await signUpAnswer(other, owner.toUpperCase(), password)).toEqual(forNew);
      // Not signed in either way.
      await other.goto('/keys');
      await expect(other).toHaveURL(/\/sign-in\?callbackUrl=/);
      await other.context().close();
    }

    const note = await latestMail(page, owner, /^Someone tried to create/);
    const signInLink = /https?:\/\/\S+(\/sign-in)\b/.exec(note)![1]!;
    const resetLink = /https?:\/\/\S+(\/forgot-password)\b/.exec(note)![1]!;
    const visitor = await freshPage(browser);
    await visitor.goto(resetLink);
    await expect(visitor.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await visitor.goto(signInLink);
    await signIn(visitor, owner);
    await expect(visitor).toHaveURL(/\/dashboard$/);
  });

  test(`slows down sign-ups from one address after ${SIGN_UP_LIMIT}`, async ({ browser }) => {
    const address = uniqueClientIp();
    const page = await (await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })).newPage();
    for (let i = 0; i < SIGN_UP_LIMIT; i++) await submitSignUp(page, uniqueEmail('burst'));
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
