// The explorer's key and call history belong to the user who made them: sign-out erases them, and
// another user signing in on the same tab never sees what the previous one left, even when that
// user's session ended without signing out.
import { expect, test, type Page } from '@playwright/test';

import { signOut, signUp } from '../helpers/accounts';
import { pickEndpoint, send } from './explorer-page';

/** User A: a key made for the explorer, one call sent; returns the key. */
async function useExplorer(page: Page): Promise<string> {
  await signUp(page);
  await page.goto('/explorer');
  await page.getByRole('button', { name: 'Create a key for the explorer' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^ak_live_[0-9A-Za-z]{40}$/);
  const key = (await shown.textContent())!;
  await pickEndpoint(page, 'forumsite community details', '/v1/forumsite/community');
  await send(page, 200);
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  return key;
}

/** Everything the browser keeps for this origin, as text. */
function stored(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify({ local: { ...window.localStorage }, session: { ...window.sessionStorage } }),
  );
}

async function expectCleanExplorer(page: Page, key: string) {
  await page.goto('/explorer');
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
  await expect(page.getByTestId('history-entry')).toHaveCount(0);
  expect(await stored(page)).not.toContain(key);
  expect(await stored(page)).not.toContain('/v1/forumsite/community');
}

test('the explorer after sign-out: user B in the same tab gets no prefilled key and no history', async ({ page }) => {
  const key = await useExplorer(page);
  expect(await stored(page)).toContain(key);

  await signOut(page);
  const left = await stored(page);
  expect(left).not.toContain(key);
  expect(left).not.toContain('explorer.');

  await signUp(page);
  await expectCleanExplorer(page, key);
});

test("the explorer after a session that ended without sign-out: the next user's first page erases it", async ({
  page,
  context,
}) => {
  const key = await useExplorer(page);
  // A's session ends some other way (expired, signed out elsewhere): the tab still holds A's things.
  await context.clearCookies();
  await page.goto('/sign-in');
  expect(await stored(page)).toContain(key);

  await signUp(page);
  // Any console page is enough: the sign-up landed on the dashboard and then the keys page.
  expect(await stored(page)).not.toContain(key);
  await expectCleanExplorer(page, key);
});
