// The keys page's polish: where focus goes, one status line, unique names, the confirm dialog's
// look, last-used to the second, and the sign-up form's errors.
import { expect, test, type Page } from '@playwright/test';

import { PASSWORD, signUp, uniqueClientIp, uniqueEmail } from '../helpers/accounts';
import { createKey, keyRow, keyTable } from '../helpers/keys';

/** What has the focus, as a short description: never `BODY` when focus was placed. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;
  });
}

test.describe('keys page polish', () => {
  test.beforeEach(async ({ page }) => {
    await signUp(page);
  });

  test('keeps focus on the row after revoke and re-enable, on the heading after delete and after Done', async ({
    page,
  }) => {
    const key = await createKey(page, 'focus key');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('new-api-key')).toHaveCount(0);
    expect(await focused(page)).toBe('H2 Your keys (1 of 10)');

    const row = keyRow(page, key);
    await row.getByRole('button', { name: 'Revoke focus key' }).click();
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: 'Re-enable focus key' })).toBeFocused();
    expect(await focused(page)).toBe('BUTTON Re-enable focus key');

    await page.keyboard.press('Enter');
    await expect(row).toContainText('Active');
    await expect(row.getByRole('button', { name: 'Revoke focus key' })).toBeFocused();
    expect(await focused(page)).toBe('BUTTON Revoke focus key');

    await row.getByRole('button', { name: 'Delete focus key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this key?' });
    await dialog.getByRole('button', { name: 'Delete key' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Your keys \(0 of 10\)/ })).toBeFocused();
    expect(await focused(page)).toBe('H2 Your keys (0 of 10)');
  });

  test('shows one status message at a time, the latest', async ({ page }) => {
    const key = await createKey(page, 'status key');
    const status = page.getByTestId('key-status');
    await expect(status).toHaveText('Key status key created. Copy it now: it will not be shown again.');

    await keyRow(page, key).getByRole('button', { name: 'Revoke status key' }).click();
    await expect(status).toHaveText('Key status key revoked.');
    await expect(page.getByText(/Key status key created/)).toHaveCount(0);

    await keyRow(page, key).getByRole('button', { name: 'Re-enable status key' }).click();
    await expect(status).toHaveText('Key status key re-enabled.');
    // Only one live region on the page says anything about keys.
    await expect(page.getByRole('status').filter({ hasText: /Key status key/ })).toHaveCount(1);
    await expect(page.getByText(/Key status key revoked/)).toHaveCount(0);
  });

  test("refuses a second key with a live key's name, on the name field, with the focus there", async ({ page }) => {
    await createKey(page, 'production');
    await page.getByRole('button', { name: 'Done' }).click();
    const name = page.getByLabel('Key name (optional)');
    await name.fill('Production');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('You already have a key named “Production”. Choose another name.')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription(/You already have a key named “Production”/);
    await expect(page.getByTestId('new-api-key')).toHaveCount(0);
    await expect(keyTable(page).getByRole('row')).toHaveCount(2); // header + the first key
    // The rows' labels stay unambiguous: one "Revoke production".
    await expect(keyTable(page).getByRole('button', { name: 'Revoke production' })).toHaveCount(1);
  });

  test('moves focus to the name field when the name is too long', async ({ page }) => {
    const name = page.getByLabel('Key name (optional)');
    await name.fill('x'.repeat(65));
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('Names are at most 64 characters')).toBeVisible();
    await expect(name).toBeFocused();
    // The hint gives way to the error: the rule is stated once.
    await expect(page.getByText(/Up to 64 characters/)).toHaveCount(0);
  });

  test('styles the delete confirmation as destructive', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const key = await createKey(page, 'styled');
    await keyRow(page, key).getByRole('button', { name: 'Delete styled' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this key?' }).getByRole('button', { name: 'Delete key' });
    // Solid danger red with white text, not the row's outline button.
    await expect(confirm).toHaveCSS('background-color', 'rgb(185, 28, 28)');
    await expect(confirm).toHaveCSS('color', 'rgb(255, 255, 255)');
  });

  test('dims the page behind the dialog in dark mode', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const key = await createKey(page, 'dark dialog');
    await keyRow(page, key).getByRole('button', { name: 'Delete dark dialog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this key?' });
    await expect(dialog).toBeVisible();
    const backdrop = await dialog.evaluate((el) => getComputedStyle(el, '::backdrop').backgroundColor);
    const alpha = Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(backdrop)?.[1] ?? 0);
    expect(alpha, backdrop).toBeGreaterThanOrEqual(0.7);
  });

  test('shows when a key was last used to the second, counting key checks', async ({ page }) => {
    const key = await createKey(page, 'checked');
    await expect(keyRow(page, key)).toContainText('never');
    const before = Date.now();
    const check = await page.request.get('/v1/account/verify', { headers: { 'x-api-key': key } });
    expect(check.status()).toBe(200);
    await page.reload();
    const lastUsed = keyRow(page, key).locator('time[title]');
    await expect(lastUsed).toHaveAttribute('title', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    const title = (await lastUsed.getAttribute('title'))!;
    const at = Date.parse(title.replace(' UTC', 'Z').replace(' ', 'T'));
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    // Screen readers get the seconds too, not only a mouse's tooltip.
    await expect(keyRow(page, key).getByRole('cell').filter({ hasText: title })).toHaveCount(1);
  });
});

test.describe('credentials form errors', () => {
  test('sign-up states the password rule once and focuses the first invalid field', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueClientIp() });
    await page.goto('/sign-up');
    await expect(page.getByText('Use at least 10 characters')).toHaveCount(1); // the hint
    await page.getByLabel('Email').fill('not an email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Use at least 10 characters')).toHaveCount(1); // the error, in the hint's place

    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    // A valid form is accepted: sign-up mails a link and signs nobody in.
    await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();
  });
});
