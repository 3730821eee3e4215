import { expect, test } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { createKey, keyRow, keyTable } from '../helpers/keys';

test.describe('API keys', () => {
  test.beforeEach(async ({ page }) => {
    await signUp(page);
  });

  test('shows a new key exactly once, with a warning, and lists it by prefix and last four', async ({ page }) => {
    const key = await createKey(page, 'production');
    await expect(page.getByRole('region', { name: 'Your new API key' })).toContainText('It will not be shown again');
    const row = keyRow(page, key);
    await expect(row).toContainText('production');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('never');
    await expect(page.getByRole('status').getByText(/Key production created/)).toBeVisible();

    await page.reload();
    await expect(keyRow(page, key)).toBeVisible();
    await expect(page.getByTestId('new-api-key')).toHaveCount(0);
    expect(await page.content()).not.toContain(key);
  });

  test('copies the new key to the clipboard and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const key = await createKey(page);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  });

  test('revokes a key and re-enables it, both listed in the activity', async ({ page }) => {
    const key = await createKey(page, 'to revoke');
    const row = keyRow(page, key);
    await row.getByRole('button', { name: 'Revoke to revoke' }).click();
    await expect(row).toContainText('Revoked');
    await expect(page.getByText('Key to revoke revoked.')).toBeVisible();

    await row.getByRole('button', { name: 'Re-enable to revoke' }).click();
    await expect(row).toContainText('Active');
    await expect(page.getByText('Key to revoke re-enabled.')).toBeVisible();

    const activity = page.getByRole('region', { name: 'Recent key activity' });
    await expect(activity.getByRole('row')).toHaveCount(4); // header + created, revoked, re-enabled
    await expect(activity).toContainText('Re-enabled');
    await expect(activity).toContainText('Revoked');
  });

  test('deletes a key only after confirmation; cancelling keeps it', async ({ page }) => {
    const key = await createKey(page, 'doomed');
    const row = keyRow(page, key);

    await row.getByRole('button', { name: 'Delete doomed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this key?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: 'Delete doomed' })).toBeFocused();

    await row.getByRole('button', { name: 'Delete doomed' }).click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Delete doomed' }).click();
    await dialog.getByRole('button', { name: 'Delete key' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('Key doomed deleted.')).toBeVisible();
    await expect(page.getByText('No API keys yet')).toBeVisible();
    await page.reload();
    await expect(keyRow(page, key)).toHaveCount(0);
  });

  test('disables Create at 10 of 10 keys, says why, and enables it again after a delete', async ({ page }) => {
    test.slow(); // ten creates
    for (let i = 1; i <= 10; i++) await createKey(page, `key ${i}`);
    await expect(page.getByRole('heading', { name: /Your keys \(10 of 10\)/ })).toBeVisible();
    const create = page.getByRole('button', { name: 'Create key' });
    await expect(create).toBeDisabled();
    await expect(create).toHaveAccessibleDescription(
      /You have 10 of 10 keys, the most an account can have\. Delete a key/,
    );
    await expect(page.getByText(/You have 10 of 10 keys/)).toBeVisible();
    // Enter in the name field does not submit past a disabled button either.
    await page.getByLabel('Key name (optional)').fill('eleventh');
    await page.getByLabel('Key name (optional)').press('Enter');
    await expect(keyTable(page).getByRole('row')).toHaveCount(11);

    await keyTable(page).getByRole('button', { name: 'Delete key 1', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete this key?' }).getByRole('button', { name: 'Delete key' }).click();
    await expect(page.getByRole('heading', { name: /Your keys \(9 of 10\)/ })).toBeVisible();
    await expect(create).toBeEnabled();
    await expect(page.getByText(/You have 10 of 10 keys/)).toHaveCount(0);
  });

  test('shows a field error for a name longer than 64 characters', async ({ page }) => {
    await page.getByLabel('Key name (optional)').fill('x'.repeat(65));
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('Names are at most 64 characters')).toBeVisible();
    await expect(page.getByLabel('Key name (optional)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  });

  test('creates a key with the keyboard alone', async ({ page }) => {
    await page.getByRole('heading', { name: 'API keys', level: 1 }).click();
    // From the page heading, Tab reaches the name field first, then the button.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Key name (optional)')).toBeFocused();
    await page.keyboard.type('keyboard key');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Create key' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('new-api-key')).toHaveText(/^ak_live_/);
    await expect(keyTable(page).getByRole('row').filter({ hasText: 'keyboard key' })).toBeVisible();
  });
});
