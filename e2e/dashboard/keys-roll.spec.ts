// The key menu: rolling a key with a grace period, expiry, restricted keys and per-key monthly
// limits, in the console, with axe on the dialogs and screenshots of the key menu and the roll
// dialog (light, dark, 390 px wide) for a person to look at.
import { expect, test, type Page } from '@playwright/test';

import { expectNoSeriousViolations } from '../helpers/axe';
import { signUp } from '../helpers/accounts';
import { createKey, keyRow } from '../helpers/keys';
import { API_PORT } from '../helpers/ports';
import { pickEndpoint } from '../explorer/explorer-page';

// Screenshots to look at, when E2E_SCREENSHOTS names a folder.
const SHOTS = process.env.E2E_SCREENSHOTS ?? null;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

test.describe('the key menu', () => {
  test.beforeEach(async ({ page }) => {
    await signUp(page);
  });

  test('rolls a key with a 1-hour grace period: the new key is shown once, both work, the old one lists its end, the activity records the roll', async ({
    page,
    request,
  }) => {
    const oldKey = await createKey(page, 'production');
    await page.getByRole('button', { name: 'Done' }).click();
    await keyRow(page, oldKey).getByRole('button', { name: 'Roll production' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll production?' });
    await expect(dialog.getByRole('radio', { name: 'In 24 hours' })).toBeChecked();
    await expect(
      dialog.getByRole('group', { name: 'When should the old key stop working?' }).getByRole('radio'),
    ).toHaveCount(4);
    await expectNoSeriousViolations(page, 'roll dialog');
    await shoot(page, 'roll-dialog-light');
    await dialog.getByRole('radio', { name: 'In 1 hour' }).check();
    await dialog.getByRole('button', { name: 'Roll key' }).click();

    const shown = page.getByTestId('new-api-key');
    await expect(shown).toHaveText(/^ak_live_[0-9A-Za-z]{40}$/);
    const newKey = (await shown.textContent())!;
    await expect(page.getByRole('status')).toContainText('Key production rolled: the old key works until');
    await expect(keyRow(page, oldKey).getByTestId('key-expiry')).toContainText('Ends');
    // Still working until its end, and marked as the key a roll is replacing.
    await expect(keyRow(page, oldKey)).toContainText('Being replaced');
    await expect(page.getByRole('heading', { name: /Your keys/ })).toContainText('(2 of 10)');
    for (const key of [oldKey, newKey]) {
      const response = await request.get(`http://localhost:${API_PORT}/v1/account/verify`, {
        headers: { 'X-API-Key': key },
      });
      expect(response.status()).toBe(200);
    }
    const activity = page.getByRole('region', { name: 'Recent key activity' });
    await expect(activity).toContainText('Rolled');

    await page.reload();
    await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  });

  test('rolling with "Now" ends the old key at once: the API answers expired_api_key, the list shows it expired, and it can be deleted', async ({
    page,
    request,
  }) => {
    const oldKey = await createKey(page, 'leaked');
    await page.getByRole('button', { name: 'Done' }).click();
    await keyRow(page, oldKey).getByRole('button', { name: 'Roll leaked' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll leaked?' });
    await dialog.getByRole('radio', { name: /^Now/ }).check();
    await dialog.getByRole('button', { name: 'Roll key' }).click();
    await expect(page.getByTestId('new-api-key')).toBeVisible();
    const response = await request.get(`http://localhost:${API_PORT}/v1/account/verify`, {
      headers: { 'X-API-Key': oldKey },
    });
    expect({ status: response.status(), body: await response.json() }).toEqual({
      status: 401,
      body: { error: 'API key expired', code: 'expired_api_key' },
    });

    await page.reload();
    const row = keyRow(page, oldKey);
    await expect(row).toContainText('Expired');
    await expect(row.getByRole('button', { name: /^Roll/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Your keys/ })).toContainText('(1 of 10)');
    await row.getByRole('button', { name: /^Delete leaked/ }).click();
    await page.getByRole('dialog', { name: 'Delete this key?' }).getByRole('button', { name: 'Delete key' }).click();
    await expect(keyRow(page, oldKey)).toHaveCount(0);
  });

  test("sets an expiry and a monthly limit in a key's menu, refuses a past date, and shows both in the list", async ({
    page,
  }) => {
    const key = await createKey(page, 'billing job');
    await page.getByRole('button', { name: 'Done' }).click();
    await keyRow(page, key).getByRole('button', { name: 'Manage billing job' }).click();
    const menu = page.getByRole('dialog', { name: 'Manage billing job' });
    await expect(menu.getByTestId('key-menu-restriction')).toContainText('none (every endpoint)');
    await expectNoSeriousViolations(page, 'key menu');
    await shoot(page, 'key-menu-light');

    await menu.getByLabel('Expires on').fill('2020-01-01');
    await menu.getByRole('button', { name: 'Save expiry' }).click();
    await expect(menu.getByText('Choose an expiry date after today')).toBeVisible();
    await menu.getByLabel('Expires on').fill('2040-06-30');
    await menu.getByRole('button', { name: 'Save expiry' }).click();
    await expect(page.getByRole('status')).toContainText('Key billing job expires at 2040-06-30 00:00 UTC.');
    await expect(keyRow(page, key).getByTestId('key-expiry')).toContainText('2040-06-30 00:00 UTC');

    await keyRow(page, key).getByRole('button', { name: 'Manage billing job' }).click();
    await menu.getByLabel('Monthly limit in dollars').fill('abc');
    await menu.getByRole('button', { name: 'Save limit' }).click();
    await expect(menu.getByText('Enter an amount in dollars')).toBeVisible();
    await menu.getByLabel('Monthly limit in dollars').fill('12.50');
    await menu.getByRole('button', { name: 'Save limit' }).click();
    await expect(page.getByRole('status')).toContainText('may spend at most $12.50 a month');
    await expect(keyRow(page, key).getByTestId('key-limit')).toHaveText('Limit $12.50 a month');
    await expect(page.getByRole('region', { name: 'Recent key activity' })).toContainText('Limit changed');
  });

  test('creates a key restricted to one family: the list says so, the API refuses others with 403, and the explorer warns before sending', async ({
    page,
    request,
  }) => {
    await page.getByLabel('Key name (optional)').fill('shop only');
    await page.getByText('More options: expiry, restriction, monthly limit').click();
    await page.getByRole('checkbox', { name: 'All of shop' }).check();
    await page.getByLabel('Monthly limit in dollars (optional)').fill('5');
    await expectNoSeriousViolations(page, 'create form with options');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-api-key');
    await expect(shown).toHaveText(/^ak_live_/);
    const key = (await shown.textContent())!;
    await expect(keyRow(page, key).getByTestId('key-scopes')).toHaveText('Restricted to the shop family');
    await expect(keyRow(page, key).getByTestId('key-limit')).toHaveText('Limit $5.00 a month');

    const refused = await request.get(`http://localhost:${API_PORT}/v1/forumsite/community?community=gardening`, {
      headers: { 'X-API-Key': key },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'key_not_permitted' });

    await page.goto('/explorer');
    await page.getByLabel('API key', { exact: true }).fill(key);
    await pickEndpoint(page, 'community', '/v1/forumsite/community');
    await expect(page.getByTestId('key-restriction-note')).toContainText(
      'This key may call only the shop family: /v1/forumsite/community will answer 403 key_not_permitted',
    );
    await pickEndpoint(page, 'products', '/v1/shop/products');
    await expect(page.getByTestId('key-restriction-note')).toHaveCount(0);
  });

  test('screenshots of the key menu and the roll dialog, dark and at 390 px', async ({ page }) => {
    const key = await createKey(page, 'screenshots');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await keyRow(page, key).getByRole('button', { name: 'Roll screenshots' }).click();
    await expect(page.getByRole('dialog', { name: 'Roll screenshots?' })).toBeVisible();
    await expectNoSeriousViolations(page, 'roll dialog, dark');
    await shoot(page, 'roll-dialog-dark');
    await page.keyboard.press('Escape');
    await keyRow(page, key).getByRole('button', { name: 'Manage screenshots' }).click();
    await expect(page.getByRole('dialog', { name: 'Manage screenshots' })).toBeVisible();
    await expectNoSeriousViolations(page, 'key menu, dark');
    await shoot(page, 'key-menu-dark');
    await page.keyboard.press('Escape');

    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await shoot(page, 'key-list-390');
    await keyRow(page, key).getByRole('button', { name: 'Roll screenshots' }).click();
    await expect(page.getByRole('dialog', { name: 'Roll screenshots?' })).toBeVisible();
    await shoot(page, 'roll-dialog-390');
    await page.keyboard.press('Escape');
    await keyRow(page, key).getByRole('button', { name: 'Manage screenshots' }).click();
    await expect(page.getByRole('dialog', { name: 'Manage screenshots' })).toBeVisible();
    await expectNoSeriousViolations(page, 'key menu, 390 px');
    await shoot(page, 'key-menu-390');
  });
});
