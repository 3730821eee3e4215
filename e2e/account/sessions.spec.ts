// The sessions list in /settings: every signed-in browser with its device, address and times, "this
// session" marked; ending another one signs that browser out on its next request, and "sign out
// other sessions" still works.
import { expect, test, type Browser, type Page } from '@playwright/test';

import { signIn, signUp, uniqueClientIp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';

test.describe.configure({ timeout: 150_000 });

const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function otherBrowser(browser: Browser, ip: string): Promise<Page> {
  const context = await browser.newContext({ userAgent: FIREFOX_UA, extraHTTPHeaders: { 'x-forwarded-for': ip } });
  return context.newPage();
}

const sessionsTable = (page: Page) => page.getByRole('region', { name: 'Signed-in sessions' });

test('lists the signed-in sessions and ends another one', async ({ page, browser }) => {
  const email = await signUp(page);
  const elsewhereIp = uniqueClientIp();
  const elsewhere = await otherBrowser(browser, elsewhereIp);
  await signIn(elsewhere, email);
  await expect(elsewhere).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  const rows = sessionsTable(page).getByRole('row');
  await expect(rows).toHaveCount(3);
  const thisRow = rows.filter({ hasText: 'This session' });
  // Playwright's desktop Chrome, whatever system its user agent names.
  await expect(thisRow).toContainText(/Chrome on (Windows|Linux|macOS)/);
  const firefoxRow = rows.filter({ hasText: 'Firefox on Windows' });
  await expect(firefoxRow).toContainText(elsewhereIp);
  await expect(firefoxRow).toContainText('Password');
  await expect(firefoxRow).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  await expectNoSeriousViolations(page, 'sessions list');
  await page
    .getByRole('region', { name: 'Sessions', exact: true })
    .screenshot({ path: '/work/shots/h18/sessions-list.png' });

  await firefoxRow.getByRole('button', { name: 'End session on Firefox on Windows' }).click();
  await expect(page.getByText('That session is signed out.')).toBeVisible();
  await expect(sessionsTable(page).getByRole('row')).toHaveCount(2);

  // The ended browser is refused on its next request; this one goes on.
  await elsewhere.goto('/keys');
  await expect(elsewhere).toHaveURL(/\/sign-in/);
  await page.goto('/keys');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
});

test('"sign out other sessions" still ends every other session and empties the list but this one', async ({
  page,
  browser,
}) => {
  const email = await signUp(page);
  const elsewhere = await otherBrowser(browser, uniqueClientIp());
  await signIn(elsewhere, email);
  await expect(elsewhere).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  await expect(sessionsTable(page).getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(page.getByText('Every other session is signed out.')).toBeVisible();
  await page.reload();
  await expect(sessionsTable(page).getByRole('row')).toHaveCount(2);
  await elsewhere.goto('/keys');
  await expect(elsewhere).toHaveURL(/\/sign-in/);
});
