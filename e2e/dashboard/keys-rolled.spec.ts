// Rolled and expired keys in the console: a rolled key is listed right under the key that replaced
// it, marked as ending at its time and without Roll; expired keys are cleared in one confirmed step;
// a deleted key is marked "(deleted)" in the request log's key filter as on /usage.
import { expect, test, type Page } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { createKey, keyDisplay, keyRow, keyTable } from '../helpers/keys';

// Screenshots to look at, when E2E_SCREENSHOTS names a folder.
const SHOTS = process.env.E2E_SCREENSHOTS ?? null;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function roll(page: Page, key: string, label: string, grace: RegExp): Promise<string> {
  await keyRow(page, key)
    .getByRole('button', { name: `Roll ${label}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Roll ${label}?` });
  await dialog.getByRole('radio', { name: grace }).check();
  await dialog.getByRole('button', { name: 'Roll key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^ak_live_[0-9A-Za-z]{40}$/);
  const rolled = (await shown.textContent())!;
  await page.getByRole('button', { name: 'Done' }).click();
  return rolled;
}

/** The keys' displays in the order the table lists them. */
async function listedOrder(page: Page): Promise<string[]> {
  return keyTable(page).getByTestId('key-display').allInnerTexts();
}

test.describe('rolled keys', () => {
  test('a rolled key is listed under the key that replaced it, marked as ending, and offers no Roll', async ({
    page,
  }) => {
    await signUp(page);
    const old = await createKey(page, 'production');
    await page.getByRole('button', { name: 'Done' }).click();
    const other = await createKey(page, 'staging');
    await page.getByRole('button', { name: 'Done' }).click();
    const replacement = await roll(page, old, 'production', /^In 1 hour/);

    await page.reload();
    // The pair together, the new key first, even though "staging" was made between them.
    expect(await listedOrder(page)).toEqual([keyDisplay(replacement), keyDisplay(old), keyDisplay(other)]);
    const oldRow = keyRow(page, old);
    await expect(oldRow.getByTestId('key-replaced-by')).toHaveText(`Replaced by ${keyDisplay(replacement)}`);
    await expect(oldRow).toContainText('Being replaced');
    await expect(oldRow.getByTestId('key-expiry')).toContainText('Ends');
    await expect(oldRow.getByRole('button', { name: /^Roll/ })).toHaveCount(0);
    await expect(oldRow.getByRole('button', { name: /^Revoke/ })).toBeVisible();
    const newRow = keyRow(page, replacement);
    await expect(newRow.getByTestId('key-replaces')).toHaveText(`Replaces ${keyDisplay(old)}`);
    await expect(newRow).toContainText('Active');
    await expect(newRow.getByRole('button', { name: /^Roll production/ })).toBeVisible();
    await expectNoSeriousViolations(page, 'keys with a roll in progress');
    await shoot(page, 'keys-rolled-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shoot(page, 'keys-rolled-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'keys-rolled-390');
  });

  test('expired keys are deleted in one confirmed step; the request log marks a deleted key as /usage does', async ({
    page,
  }) => {
    await signUp(page);
    const first = await createKey(page, 'alpha');
    await page.getByRole('button', { name: 'Done' }).click();
    const second = await createKey(page, 'beta');
    await page.getByRole('button', { name: 'Done' }).click();
    const firstNew = await roll(page, first, 'alpha', /^Now/);
    const secondNew = await roll(page, second, 'beta', /^Now/);

    await page.reload();
    await expect(keyRow(page, first)).toContainText('Expired');
    const clear = page.getByRole('button', { name: 'Delete expired keys (2)' });
    await clear.click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 expired keys?' });
    await expect(dialog.getByRole('list', { name: 'Expired keys' }).getByRole('listitem')).toHaveText([
      `${keyDisplay(second)} (beta)`,
      `${keyDisplay(first)} (alpha)`,
    ]);
    await expectNoSeriousViolations(page, 'delete expired keys dialog');
    await shoot(page, 'keys-delete-expired-dialog');
    await dialog.getByRole('button', { name: 'Delete expired keys' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted 2 expired keys.' })).toBeVisible();
    await expect(keyRow(page, first)).toHaveCount(0);
    await expect(keyRow(page, second)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete expired keys/ })).toHaveCount(0);
    expect(await listedOrder(page)).toEqual([keyDisplay(secondNew), keyDisplay(firstNew)]);

    const deleted = `alpha (${keyDisplay(first)}) (deleted)`;
    await page.goto('/usage');
    await expect(page.locator('#usage-key option', { hasText: keyDisplay(first) })).toHaveText(deleted);
    await page.goto('/usage/requests');
    await expect(page.locator('#log-key option', { hasText: keyDisplay(first) })).toHaveText(deleted);
    await expect(page.locator('#log-key option', { hasText: keyDisplay(firstNew) })).toHaveText(
      `alpha (${keyDisplay(firstNew)})`,
    );
  });
});
