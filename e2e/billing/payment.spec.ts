// Paying for the API end to end, through the Stripe emulator's hosted Checkout page: the free
// tier runs out (402), a card is added, the month is closed, the charge fails and the account is
// blocked (403 and a banner), a new card pays the invoice and the account is served again.
import { execFileSync } from 'node:child_process';

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { PASSWORD, signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { verifyEmail } from '../helpers/mailbox';
import { API_PORT, CONSOLE_PORT, STRIPE_SANDBOX_PAGES_PORT } from '../helpers/ports';

const api = (path: string) => `http://localhost:${API_PORT}${path}`;
const posts = (pages: number) => api(`/v1/forumsite/community/posts?community=gardening&pages=${pages}`);

/** Through the billing page's button to the emulator's Checkout, saving `card`, and back. */
async function saveCard(page: Page, button: string, card: string) {
  await page.getByRole('button', { name: button }).first().click();
  await expect(page.getByRole('heading', { name: 'Save a card for future payments' })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(/\/billing/);
  await expect(page.getByText('Your card is saved.')).toBeVisible();
}

test('pays past the free tier; a failed charge blocks the account until the card is updated', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page);
  // Going past the free tier takes a verified email (and a card).
  await verifyEmail(page, email);
  await page.goto('/keys');
  const key = await createKey(page);
  const headers = { 'X-API-Key': key };

  // The free tier: 50 pages, then 402 naming the billing page.
  expect((await request.get(posts(40), { headers })).status()).toBe(200);
  const cut = await request.get(posts(20), { headers });
  expect({ status: cut.status(), truncated: cut.headers()['x-free-tier-truncated'] }).toEqual({
    status: 200,
    truncated: 'true',
  });
  const refused = await request.get(posts(1), { headers });
  expect(refused.status()).toBe(402);
  expect((await refused.json()).error).toContain('/billing');

  await page.goto('/billing');
  await expect(page.getByText('Test mode')).toBeVisible();
  await saveCard(page, 'Add payment method', '4000 0000 0000 0341');
  await expect(page.getByText('Visa •••• 0341')).toBeVisible();

  // Past the free tier now, and billed: 200 pages at $0.003, $0.60 (over Stripe's $0.50 minimum).
  for (let i = 0; i < 5; i++) {
    const billed = await request.get(posts(40), { headers });
    expect(billed.status()).toBe(200);
    expect(Number(billed.headers()['x-billed-amount-micros'])).toBe(40 * 3000);
  }

  // Close the month early, as the operator would: the charge with 0341 fails.
  const month = new Date().toISOString().slice(0, 7);
  execFileSync('npm', ['run', '--silent', 'console', '--', 'close-month', '--month', month, '--email', email], {
    // The command uses the Stripe emulator the app registered for this database (never one of its own).
    env: { ...process.env, PORT: String(CONSOLE_PORT), API_PORT: String(API_PORT), BILLING_SANDBOX: 'true' },
    stdio: 'pipe',
  });
  await expect.poll(async () => (await request.get(posts(1), { headers })).status(), { timeout: 30_000 }).toBe(403);
  expect((await (await request.get(posts(1), { headers })).json()).code).toBe('account_blocked');

  await page.goto('/billing');
  const banner = page.getByRole('alert').filter({ hasText: 'Your account is blocked' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Due now: $0.60.');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // An unpaid invoice: the account cannot be deleted yet.
  await page.goto('/settings');
  const deletion = page.getByRole('region', { name: 'Delete account' });
  await deletion.getByLabel('Type "delete my account" to confirm').fill('delete my account');
  await deletion.getByLabel('Current password').fill(PASSWORD);
  await deletion.getByRole('button', { name: 'Delete account' }).click();
  await expect(deletion.getByRole('status')).toHaveText(
    'Your account owes $0.60, which could not be charged. Pay it, then delete the account.',
  );
  await expect(deletion.getByRole('link', { name: 'Pay what is owed' })).toHaveAttribute(
    'href',
    /\/billing\/invoices\/[^/]+$/,
  );
  expect((await request.get(api('/v1/account/verify'), { headers })).status()).toBe(200);
  await page.goto('/billing');

  // The banner's one button: a new card pays the open invoice and lifts the block.
  await saveCard(page, 'Update payment method', '4242 4242 4242 4242');
  await expect(page.getByRole('alert').filter({ hasText: 'Your account is blocked' })).toHaveCount(0);
  await expect.poll(async () => (await request.get(posts(1), { headers })).status(), { timeout: 30_000 }).toBe(200);

  const invoices = page.getByRole('region', { name: 'Invoices' });
  const row = invoices.getByRole('row').filter({ hasText: month });
  await expect(row).toContainText('$0.60');
  await expect(row).toContainText('paid');
  const view = row.getByRole('link', { name: /^View/ });
  // The invoice's links go through the console, which redirects to the
  // current hosted page and PDF, so they outlive the emulator's ports.
  await expect(view).toHaveAttribute('href', /^\/billing\/invoices\/[^/]+$/);
  const pdfHref = await row.getByRole('link', { name: /^PDF/ }).getAttribute('href');
  expect(pdfHref).toMatch(/^\/billing\/invoices\/[^/]+\/pdf$/);
  const pdf = await page.request.get(pdfHref!);
  expect({ status: pdf.status(), type: pdf.headers()['content-type'] }).toEqual({
    status: 200,
    type: 'application/pdf',
  });
  expect(pdf.url()).toMatch(new RegExp(`^http://localhost:${STRIPE_SANDBOX_PAGES_PORT}/invoices/in_.+/pdf$`));
});
