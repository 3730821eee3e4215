// The rough edges a new user hit, each with its test.
import { expect, test } from '@playwright/test';

import { PASSWORD, signUp, uniqueClientIp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { createKey } from '../helpers/keys';
import { expireMailedLinks, latestMail, linkIn } from '../helpers/mailbox';
import { API_PORT } from '../helpers/ports';

const LONG_NAME = 'k'.repeat(64);

test('a 64-character key name is cut in Recent activity, whole on hover, and the By column stays in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page);
  await page.goto('/keys');
  await createKey(page, LONG_NAME);
  await page.reload();
  const activity = page.getByRole('region', { name: 'Recent key activity' });
  const name = activity.getByTestId('activity-key-name').first();
  await expect(name).toHaveAttribute('title', LONG_NAME);
  const cut = await name.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(cut.scroll).toBeGreaterThan(cut.client);
  const box = (await activity.boundingBox())!;
  const by = (await activity.locator('tbody tr').first().locator('td').last().boundingBox())!;
  expect(by.x + by.width).toBeLessThanOrEqual(box.x + box.width + 1);
});

test('refuses changing the password to the current one', async ({ page }) => {
  await signUp(page);
  await page.goto('/settings');
  const form = page.getByRole('region', { name: 'Password' });
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The new password must differ from the current one')).toBeVisible();
});

test('an expired or unknown reset link says so when it is opened', async ({ page, browser }) => {
  const email = await signUp(page);
  const visitor = await (
    await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } })
  ).newPage();
  await visitor.goto('/forgot-password');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor.getByRole('status')).toContainText('we have mailed it a link');
  const link = linkIn(await latestMail(visitor, email, /^Reset your/), '/reset-password');
  await visitor.goto(link);
  await expect(visitor.getByLabel('New password')).toBeVisible();
  await expireMailedLinks(email);
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await expect(visitor.getByLabel('New password')).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Ask for a new link' }).first()).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await visitor.goto('/reset-password?token=not-a-token');
  await expect(visitor.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expectNoSeriousViolations(visitor, 'reset link problem');
});

test('account deletion ends on a page that confirms it', async ({ page }) => {
  await signUp(page);
  await page.goto('/settings');
  const form = page.getByRole('region', { name: 'Delete account' });
  await form.getByLabel('Type "delete my account" to confirm').fill('delete my account');
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { name: 'Your account is deleted', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, '/account-deleted');
});

test('the 404 page has the site navigation', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const site = page.getByRole('navigation', { name: 'Site' });
  await expect(site.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/docs');
  await expect(site.getByRole('link', { name: 'Status' })).toHaveAttribute('href', '/status');
  await expect(site.getByRole('link', { name: 'Public Data API' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms' })).toBeVisible();
  await expectNoSeriousViolations(page, '404');
});

test('at 390 px, tables that scroll sideways say so, and not when they fit', async ({ page, request }) => {
  await signUp(page);
  await page.goto('/keys');
  const key = await createKey(page, 'narrow');
  expect(
    (
      await request.get(`http://localhost:${API_PORT}/v1/forumsite/community/posts?community=gardening&pages=1`, {
        headers: { 'X-API-Key': key },
      })
    ).status(),
  ).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/keys');
  const activity = page.getByRole('region', { name: 'Recent key activity' });
  await expect(activity).toBeVisible();
  await expect(page.getByTestId('scroll-cue')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/keys');
  await expect(activity.locator('xpath=../following-sibling::p[@data-testid="scroll-cue"]')).toHaveText(
    '↔ Scroll sideways for more columns',
  );
  await expect(async () => {
    await page.goto('/usage/requests');
    await expect(page.getByRole('region', { name: 'Request log' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const log = page.getByRole('region', { name: 'Request log' });
  const cue = log.locator('xpath=../following-sibling::p[@data-testid="scroll-cue"]');
  await expect(cue).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await cue.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/work/shots/h19/tables-390-${colorScheme}.png`, fullPage: false });
    await expectNoSeriousViolations(page, `/usage/requests at 390 px (${colorScheme})`);
  }
  // Scrolled to the end, the cue stays (more is to the left now), and the right edge's fade goes.
  await log.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(cue).toBeVisible();
});
