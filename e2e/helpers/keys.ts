import { expect, type Locator, type Page } from '@playwright/test';

/** Creates a key through the form and returns the plaintext shown once. */
export async function createKey(page: Page, name?: string): Promise<string> {
  if (name !== undefined) await page.getByLabel('Key name (optional)').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^ak_live_[0-9A-Za-z]{40}$/);
  return (await shown.textContent()) ?? '';
}

/** The key table (not the activity table, which names keys too). */
export function keyTable(page: Page): Locator {
  return page.getByRole('region', { name: 'API keys', exact: true });
}

/** A key as the console shows it: its prefix and last four. */
export function keyDisplay(key: string): string {
  return `${key.slice(0, 12)}…${key.slice(-4)}`;
}

/**
 * The key table's row of the key with this plaintext, by its Key column (a rolled key's row names
 * the key it replaces, or that replaced it, too).
 */
export function keyRow(page: Page, key: string): Locator {
  return keyTable(page)
    .getByRole('row')
    .filter({ has: page.getByTestId('key-display').getByText(keyDisplay(key), { exact: true }) });
}
