// After a month's close, /billing gives one account of what is not yet invoiced (this month's calls
// and the amount carried from the closed month's invoice, each named, with their total), says why
// the amount was carried (Stripe's $0.50 minimum), and the invoice list shows the carried invoice
// the same way.
import { execFileSync } from 'node:child_process';

import { expect, test, type Page } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { createKey } from '../helpers/keys';
import { verifyEmail } from '../helpers/mailbox';
import { API_PORT, CONSOLE_PORT } from '../helpers/ports';

const posts = (pages: number) =>
  `http://localhost:${API_PORT}/v1/forumsite/community/posts?community=gardening&pages=${pages}`;

async function saveCard(page: Page, card: string) {
  await page.getByRole('button', { name: 'Add payment method' }).first().click();
  await expect(page.getByRole('heading', { name: 'Save a card for future payments' })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your card is saved.')).toBeVisible();
}

test('after a close, /billing names this month and the carried amount, summing to the total', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page);
  await verifyEmail(page, email);
  await page.goto('/keys');
  const headers = { 'X-API-Key': await createKey(page) };
  await page.goto('/billing');
  await saveCard(page, '4242 4242 4242 4242');

  // 72 pages: 50 free, 22 at $0.003 = $0.066, under Stripe's $0.50 minimum.
  let billed = 0;
  for (const pages of [40, 32]) {
    const answer = await request.get(posts(pages), { headers });
    expect(answer.status()).toBe(200);
    billed += Number(answer.headers()['x-billed-amount-micros']);
  }
  expect(billed).toBe(66_000);
  const month = new Date().toISOString().slice(0, 7);
  const printed = execFileSync(
    'npm',
    ['run', '--silent', 'console', '--', 'close-month', '--month', month, '--email', email],
    {
      env: { ...process.env, PORT: String(CONSOLE_PORT), API_PORT: String(API_PORT), BILLING_SANDBOX: 'true' },
      stdio: 'pipe',
    },
  ).toString();
  expect(printed).toContain('$0.066');

  await page.goto('/billing');
  const pending = page.getByRole('region', { name: 'Not yet invoiced' });
  const carried = `Carried from ${month} (under the $0.50 minimum)`;
  await expect(pending.getByRole('definition')).toHaveText(['$0.00', '$0.07', '$0.07']);
  await expect(pending.getByRole('term')).toHaveText([
    `Calls in ${month} still to be invoiced`,
    carried,
    'Total not yet invoiced',
  ]);
  await expect(pending).toContainText(
    `Stripe cannot charge less than $0.50, so $0.07 from ${month} was not charged and is carried to your next invoice.`,
  );
  await expect(pending).toContainText(`No calls in ${month} still to be invoiced.`);
  await expect(pending).not.toContainText('so far');

  // More calls after the close: $0.03 this month, plus the $0.066 carried, $0.096 in all (amounts in whole cents).
  expect((await request.get(posts(10), { headers })).status()).toBe(200);
  await page.reload();
  await expect(pending.getByRole('definition')).toHaveText(['$0.03', '$0.07', '$0.10']);
  await expect(pending.getByRole('row').filter({ hasText: '/v1/forumsite/community/posts' })).toContainText('$0.03');

  const invoices = page.getByRole('region', { name: 'Invoices' });
  const row = invoices.getByRole('row').filter({ hasText: month });
  await expect(row).toContainText('$0.07');
  await expect(row).toContainText('carried forward');
  await expect(invoices).toContainText('Stripe cannot charge less than $0.50 or a fraction of a cent');
  await expectNoSeriousViolations(page, '/billing after a close');

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `/work/shots/h21/billing-${scheme}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/work/shots/h21/billing-390.png', fullPage: true });

  // The console's home says the same about the carried amount.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: `Spend in ${month} so far` })).toContainText(
    `Stripe cannot charge less than $0.50, so $0.07 from ${month} was not charged`,
  );
  await page.screenshot({ path: '/work/shots/h21/dashboard.png', fullPage: true });
});
