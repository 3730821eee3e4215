// Alerts: a key's alert from its menu and the account's on /billing, listed, refused with
// every field's error, removed; axe in light and dark; screenshots at 390 px to look at.
import { expect, test, type Page } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { createKey, keyRow } from '../helpers/keys';

async function screenshots(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `${name} (${colorScheme})`);
    await page.setViewportSize({ width: 390, height: 844 });
    // Nothing wider than the phone: tables scroll inside their own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath(`${name}-${colorScheme}-390.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('alerts are added from a key’s menu and on /billing, listed, checked and removed', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto('/keys');
  const key = await createKey(page, 'alerts job');

  await keyRow(page, key).getByRole('button', { name: 'Manage alerts job' }).click();
  const menu = page.getByRole('dialog', { name: 'Manage alerts job' });
  const keyAlert = menu.getByRole('form', { name: 'New alert for this key' });
  await expect(keyAlert.getByLabel('Alert at')).toHaveValue('key_limit');
  await keyAlert.getByLabel('Alert at').selectOption('amount');
  await keyAlert.getByLabel('Amount (USD)').fill('5');
  await screenshots(page, 'key-menu-alert');
  await keyAlert.getByRole('button', { name: 'Save alert' }).click();
  await expect(menu.getByTestId('usage-alert-message')).toHaveText(/Alert saved/);
  await menu.getByRole('button', { name: 'Close' }).click();

  await page.goto('/billing');
  const alerts = page.getByRole('region', { name: 'Usage alerts' });
  await expect(alerts.getByRole('row').filter({ hasText: 'Spend in a UTC month reaching $5.00' })).toContainText(
    'alerts job',
  );

  const form = alerts.getByRole('form', { name: 'New usage alert' });
  // Every field's error at once: an amount alert without an amount, and a bad endpoint.
  await form.getByLabel('Watch').selectOption('units');
  await form.getByLabel('Per').selectOption('day');
  await form.getByLabel('Alert at').selectOption('amount');
  await form.getByLabel('Endpoint (optional)').fill('forumsite posts');
  await form.getByRole('button', { name: 'Save alert' }).click();
  await expect(alerts.getByTestId('usage-alert-message')).toHaveText(
    'The alert was not saved. Check the highlighted fields.',
  );
  // The choices made are kept after the refusal.
  await expect(form.getByLabel('Alert at')).toHaveValue('amount');
  await expect(form.getByLabel('Watch')).toHaveValue('units');
  await expect(form.getByLabel('Amount (units)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Endpoint (optional)')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Amount (units)').fill('1000');
  await form.getByLabel('Endpoint (optional)').fill('/v1/forumsite/community/posts');
  await form.getByRole('button', { name: 'Save alert' }).click();
  await expect(alerts.getByTestId('usage-alert-message')).toHaveText(/Alert saved/);
  // After a save the form is back to its defaults.
  await expect(form.getByLabel('Alert at')).toHaveValue('cap');
  const unitsRow = alerts.getByRole('row').filter({ hasText: 'Units in a UTC day reaching 1000 units' });
  await expect(unitsRow).toContainText('The account · /v1/forumsite/community/posts');
  await screenshots(page, 'billing-alerts');

  await unitsRow.getByRole('button', { name: /^Remove: Units in a UTC day/ }).click();
  await expect(unitsRow).toHaveCount(0);
  await expect(alerts.getByRole('row').filter({ hasText: 'alerts job' })).toHaveCount(1);
});
