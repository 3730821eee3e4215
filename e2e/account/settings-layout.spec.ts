// /settings laid out for a phone and a desktop: nothing scrolls sideways at 390 px with a second
// session listed (its End button and the sessions table's hidden "Actions" header), every card is
// as wide as the others at 1280 px, and recovery codes can be copied and downloaded.
import { readFile } from 'node:fs/promises';

import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { PASSWORD, signIn, signUp, uniqueClientIp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';

// Screenshots to look at, when E2E_SCREENSHOTS names a folder.
const SHOTS = process.env.E2E_SCREENSHOTS ?? null;
const CARDS = [
  'Email address',
  'Password',
  'Two-factor sign-in',
  'Sign-in methods',
  'Sessions',
  'Webhooks',
  'Delete account',
];

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });

test('at 390 px nothing scrolls sideways, with another session listed; at 1280 px every card has the same width', async ({
  page,
  browser,
}) => {
  const email = await signUp(page);
  // A second browser signed in: the sessions table gets a row with an End button.
  const elsewhere = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientIp() } });
  const other = await elsewhere.newPage();
  await signIn(other, email, PASSWORD);
  await expect(other).toHaveURL(/\/dashboard$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Signed-in sessions' }).getByRole('row')).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const name of CARDS) {
    const box = (await page.getByRole('region', { name, exact: true }).boundingBox())!;
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }
  await expectNoSeriousViolations(page, 'settings at 390 px');
  await shoot(page, 'settings-390');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  const widths = [];
  for (const name of CARDS) widths.push((await page.getByRole('region', { name, exact: true }).boundingBox())!.width);
  expect(new Set(widths).size, `card widths ${widths.join(', ')}`).toBe(1);
  await shoot(page, 'settings-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'settings-dark');
  await elsewhere.close();
});

test('recovery codes can be copied and downloaded', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await section.locator('code').innerText()).replace(/\s+/g, '');
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  await section.getByLabel('Code from your app').fill(code);
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();

  await section.getByRole('button', { name: 'Copy codes' }).click();
  await expect(section.getByText('Recovery codes copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  for (const c of codes) expect(copied).toContain(c);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download codes' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('public-data-api-recovery-codes.txt');
  const saved = await readFile((await download.path())!, 'utf8');
  expect(saved.trim().split('\n').slice(-10)).toEqual(codes);
  await expectNoSeriousViolations(page, 'recovery codes with copy and download');
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/recovery-codes-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/recovery-codes-dark.png` });
});
