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

/** The key table's row of the key with this plaintext (by display prefix and last four). */
export function keyRow(page: Page, key: string): Locator {
  const display = `${key.slice(0, 12)}…${key.slice(-4)}`;
  return keyTable(page).getByRole('row').filter({ hasText: display });
}
