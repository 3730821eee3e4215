// Steps on /explorer shared by the explorer specs.
import { expect, type Page } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';

export const POSTS = '/v1/forumsite/community/posts';

/** A new account with a key made on /keys, on /explorer; returns the key's plaintext. */
export async function openExplorerWithKey(page: Page): Promise<string> {
  await signUp(page);
  const key = await createKey(page, 'for the explorer spec');
  await page.goto('/explorer');
  await expect(page.getByRole('heading', { name: 'Explorer', level: 1 })).toBeVisible();
  await page.getByLabel('API key', { exact: true }).fill(key);
  return key;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Finds an endpoint through the picker's search and picks it. */
export async function pickEndpoint(page: Page, search: string, path: string): Promise<void> {
  await page.getByLabel('Search endpoints').fill(search);
  await page
    .getByRole('navigation', { name: 'Endpoints' })
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(path)} `) })
    .click();
  await expect(page.getByRole('heading', { name: `GET ${path}` })).toBeVisible();
}

/** Fills the parameter fields; a select for enums and booleans, a text box otherwise. */
export async function fillParams(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const field = page.locator(`#param-${name}`);
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

export async function send(page: Page, status: number): Promise<void> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('response-status')).toHaveText(new RegExp(`^${status}`), { timeout: 30_000 });
}

/** The value of one response header in the headers table. */
export function headerValue(page: Page, name: string) {
  return page.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell');
}
