// The dashboard's first-run checklist: each step ticks itself from the account's real state (the
// address, a key, a first call, a card, a cap), the curl line carries this key's prefix and the
// API's address, and the list is gone once every step is done.
import { expect, test, type Page } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { createKey } from '../helpers/keys';
import { API_PORT } from '../helpers/ports';

// Screenshots to look at, when E2E_SCREENSHOTS names a folder.
const SHOTS = process.env.E2E_SCREENSHOTS ?? null;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const checklist = (page: Page) => page.getByRole('region', { name: 'First steps' });
const step = (page: Page, id: string) => checklist(page).locator(`li[data-step="${id}"]`);

/** Which steps are ticked, in order. */
async function ticked(page: Page): Promise<Record<string, boolean>> {
  const items = checklist(page).locator('li[data-step]');
  const result: Record<string, boolean> = {};
  for (const item of await items.all())
    result[(await item.getAttribute('data-step'))!] = (await item.getAttribute('data-done')) === 'true';
  return result;
}

test('ticks each step from the account, with this key in the curl line, and goes away when all are done', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signUp(page);
  await page.goto('/dashboard');
  expect(await ticked(page)).toEqual({ verify: true, key: false, call: false, card: false, cap: false });
  await expect(checklist(page).getByTestId('first-steps-progress')).toHaveText('1 of 5 done');
  await expect(step(page, 'verify')).toContainText('Verify your email address');
  await expect(step(page, 'call').locator('code').last()).toHaveText(
    `curl -H "X-API-Key: ak_live_…" "http://localhost:${API_PORT}/v1/forumsite/community/posts?community=news&pages=1"`,
  );
  await expectNoSeriousViolations(page, 'first steps');
  await shoot(page, 'first-steps-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'first-steps-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, 'first-steps-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/keys');
  const key = await createKey(page, 'first');
  await page.goto('/dashboard');
  expect(await ticked(page)).toMatchObject({ key: true, call: false });
  const curl = `curl -H "X-API-Key: ${key.slice(0, 12)}…" "http://localhost:${API_PORT}/v1/forumsite/community/posts?community=news&pages=1"`;
  await expect(step(page, 'call').getByText(curl)).toBeVisible();

  const call = await request.get(`http://localhost:${API_PORT}/v1/forumsite/community/posts?community=news&pages=1`, {
    headers: { 'X-API-Key': key },
  });
  expect(call.status()).toBe(200);
  // The call is counted once the gateway's writer has flushed it.
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await ticked(page)).call;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // Past the first call the usual overview shows under the list.
  await expect(page.getByRole('heading', { name: 'Free tier this month' })).toBeVisible();
  await expect(checklist(page).getByTestId('first-steps-progress')).toHaveText('3 of 5 done');

  await page.goto('/billing');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your card is saved.')).toBeVisible();
  await page.goto('/dashboard');
  expect(await ticked(page)).toEqual({ verify: true, key: true, call: true, card: true, cap: false });

  await step(page, 'cap').getByRole('link', { name: 'Set a cap' }).click();
  await expect(page).toHaveURL(/\/billing#caps-heading$/);
  await page.getByLabel('Monthly cap (USD)').fill('25');
  await page.getByRole('button', { name: 'Save caps' }).click();
  await expect(page.getByText('Spending caps saved.')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Free tier this month' })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
});
