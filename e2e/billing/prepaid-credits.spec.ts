// Prepaid credits end to end, through the Stripe emulator's hosted Checkout in payment mode: a new
// account switches to prepaid on /billing, is refused with 402 insufficient_credits past the free
// tier, buys $5 of credits, makes calls until its balance cannot cover one more (402 again), turns
// on auto-recharge at $2 below $1, makes calls through two recharges (the worker's, off-session),
// reads a credit ledger whose lines sum to the balance and its payments' PDF receipts, then goes
// back to post-paid keeping the credits left. Axe in light and dark mode and at 390 px.
import { mkdirSync } from 'node:fs';

import { expect, test, type Page } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { createKey } from '../helpers/keys';
import { verifyEmail } from '../helpers/mailbox';
import { API_PORT } from '../helpers/ports';

const api = (path: string) => `http://localhost:${API_PORT}${path}`;
const posts = (pages: number) => api(`/v1/forumsite/community/posts?community=gardening&pages=${pages}`);
// Screenshots to look at, when E2E_SCREENSHOTS names a folder.
const SHOTS = process.env.E2E_SCREENSHOTS ?? null;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a prepaid account buys $5 of credits, calls until they run out, recharges automatically twice, and reads a ledger that sums to its balance', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  const email = await signUp(page);
  await verifyEmail(page, email);
  await page.goto('/keys');
  const key = await createKey(page);
  const headers = { 'X-API-Key': key };

  await page.goto('/billing');
  await page.getByRole('button', { name: 'Switch to prepaid credits' }).click();
  await expect(page.getByText('You are on prepaid credits now')).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText('$0.00');
  await expect(page.getByText('No credits yet.')).toBeVisible();
  await expectNoSeriousViolations(page, '/billing, prepaid without credits');

  // The free tier first (50 pages), then 402 insufficient_credits naming the balance and the billing page.
  for (let i = 0; i < 5; i++) expect((await request.get(posts(10), { headers })).status()).toBe(200);
  const broke = await request.get(posts(1), { headers });
  expect(broke.status()).toBe(402);
  const brokeBody = await broke.json();
  expect(brokeBody.code).toBe('insufficient_credits');
  expect(brokeBody.error).toContain('$0.00');
  expect(brokeBody.error).toContain('/billing');

  // An amount under $5 is refused in the form.
  await page.getByLabel('Amount (USD)').fill('4.99');
  await page.getByRole('button', { name: 'Buy credits' }).click();
  await expect(page.getByText(/Buy from \$5\.00 to \$[\d,]+\.00 at a time/)).toBeVisible();

  // $5 through Checkout in payment mode with a new card.
  await page.getByLabel('Amount (USD)').fill('5');
  await page.getByRole('button', { name: 'Buy credits' }).click();
  await expect(page.getByRole('heading', { name: 'Pay $5.00' })).toBeVisible();
  await page.getByLabel(/Card number/).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $5.00' }).click();
  await expect(page).toHaveURL(/\/billing\?bought=1/);
  await expect(page.getByText('Thank you: your credits are in your balance.')).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText('$5.00');

  // Ten pages at $0.003 draw $0.03 a call: 166 calls ($4.98), then the $0.02 left cannot cover one.
  let served = 0;
  for (;;) {
    const r = await request.get(posts(10), { headers });
    if (r.status() !== 200) {
      expect(r.status()).toBe(402);
      expect((await r.json()).code).toBe('insufficient_credits');
      break;
    }
    expect(Number(r.headers()['x-billed-amount-micros'])).toBe(30_000);
    served++;
  }
  expect(served).toBe(166);

  await page.goto('/billing');
  await expect(page.getByTestId('credit-balance')).toHaveText('$0.02');

  // Auto-recharge $2 below $1 with a saved card: the worker charges it off-session within a minute.
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await expect(page.getByRole('heading', { name: 'Save a card for future payments' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your card is saved.')).toBeVisible();
  await page.getByLabel('Recharge automatically with my saved card').check();
  await page.getByLabel('When the balance is below (USD)').fill('1');
  await page.getByLabel('Recharge (USD)').fill('2');
  await page.getByLabel('At most a month (USD)').fill('10');
  await page.getByRole('button', { name: 'Save auto-recharge' }).click();
  await expect(page.getByText('Auto-recharge is on.')).toBeVisible();
  const balance = async () => {
    await page.goto('/billing');
    return page.getByTestId('credit-balance').innerText();
  };
  await expect.poll(balance, { timeout: 150_000, intervals: [2_000] }).toBe('$2.02');
  // Calls draw it below $1 again ($2.02 - 35 x $0.03 = $0.97), and a second recharge follows.
  for (let i = 0; i < 35; i++) expect((await request.get(posts(10), { headers })).status()).toBe(200);
  await expect.poll(balance, { timeout: 150_000, intervals: [2_000] }).toBe('$2.97');
  for (let i = 0; i < 3; i++) expect((await request.get(posts(10), { headers })).status()).toBe(200);
  await page.goto('/billing');
  await expect(page.getByTestId('credit-balance')).toHaveText('$2.88');
  const ledger = page.getByRole('region', { name: 'Credit ledger' });
  await expect(ledger.getByRole('row', { name: /Credits bought/ })).toContainText('+$5.00');
  await expect(ledger.getByRole('row', { name: /Automatic recharge/ })).toHaveCount(2);
  // 166 + 38 calls of $0.03 drawn from $5 bought and $4 recharged: $2.88 left, the sum of the lines.
  await expect(ledger.getByRole('row', { name: /Calls to \/v1\/forumsite\/community\/posts/ })).toContainText('-$6.12');
  const micros = await ledger
    .locator('[data-micros]')
    .evaluateAll((cells) => cells.reduce((sum, c) => sum + Number(c.getAttribute('data-micros')), 0));
  expect(micros).toBe(2_880_000);

  await expectNoSeriousViolations(page, '/billing, prepaid with a ledger (light)');
  await shoot(page, 'billing-prepaid-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page, '/billing, prepaid with a ledger (dark)');
  await shoot(page, 'billing-prepaid-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The ledger fits too: no sideways scrolling inside its region.
  const region = page.getByRole('region', { name: 'Credit ledger' });
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, '/billing, prepaid at 390 px');
  await shoot(page, 'billing-prepaid-390');

  // Each payment has a PDF receipt, readable by this account only.
  const receiptHref = await region
    .getByRole('row', { name: /Credits bought/ })
    .getByRole('link', { name: /Receipt of \$5\.00/ })
    .getAttribute('href');
  expect(receiptHref).toMatch(/^\/billing\/receipts\/[\w-]+$/);
  const receipt = await page.request.get(receiptHref!);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toBe('application/pdf');
  expect((await receipt.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect((await page.request.get('/billing/receipts/not-a-receipt')).status()).toBe(404);

  // Back to post-paid: the credits left stay, and pay the next invoices first.
  await page.getByRole('button', { name: 'Switch to post-paid' }).click();
  await expect(page.getByText('your $2.88 of credits pay those invoices first')).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText('$2.88');
  await expect(page.getByRole('button', { name: 'Buy credits' })).toHaveCount(0);
  await expectNoSeriousViolations(page, '/billing, post-paid with credits left');
});
