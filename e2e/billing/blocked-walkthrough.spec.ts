// A failed payment as the customer lives it: the mails, the banner naming the cause and the amount,
// the account's activity, the card update, the receipt. And an unverified account that adds a card
// is told calls past the free tier need its email.
import { execFileSync } from 'node:child_process';

import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';

import { signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { mailTo } from '../helpers/mailbox';
import { API_PORT, CONSOLE_PORT } from '../helpers/ports';

const posts = (pages: number) =>
  `http://localhost:${API_PORT}/v1/forumsite/community/posts?community=gardening&pages=${pages}`;

/** Through the billing page's button to the emulator's Checkout, saving `card`, and back. */
async function saveCard(page: Page, button: string, card: string) {
  await page.getByRole('button', { name: button }).first().click();
  await expect(page.getByRole('heading', { name: 'Save a card for future payments' })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(/\/billing/);
  await expect(page.getByText('Your card is saved.')).toBeVisible();
}

/** The subjects of the mail to `email` that match, once each arrived. */
async function subjects(email: string, pattern: RegExp): Promise<string[]> {
  return (await mailTo(email))
    .map((m) => m.subject)
    .filter((s) => pattern.test(s))
    .sort();
}

test('a failed payment: mailed once, a banner naming the cause, the card update, the receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page);
  const key = await createKey(page);
  const headers = { 'X-API-Key': key };
  await page.goto('/billing');
  await saveCard(page, 'Add payment method', '4000 0000 0000 0341');
  // 280 pages at $0.003, 50 of them free: $0.69.
  for (let i = 0; i < 7; i++) expect((await request.get(posts(40), { headers })).status()).toBe(200);

  const month = new Date().toISOString().slice(0, 7);
  execFileSync('npm', ['run', '--silent', 'console', '--', 'close-month', '--month', month, '--email', email], {
    env: { ...process.env, PORT: String(CONSOLE_PORT), API_PORT: String(API_PORT), BILLING_SANDBOX: 'true' },
    stdio: 'pipe',
  });
  await expect.poll(async () => (await request.get(posts(1), { headers })).status(), { timeout: 30_000 }).toBe(403);

  await expect
    .poll(() => subjects(email, /failed|blocked/), { timeout: 30_000 })
    .toEqual(['Your payment of $0.69 failed']);
  const failed = (await mailTo(email)).find((m) => m.subject === 'Your payment of $0.69 failed')!;
  expect(failed.text).toContain(`http://localhost:${CONSOLE_PORT}/billing`);

  await page.goto('/billing');
  const banner = page.getByRole('alert').filter({ hasText: 'Your account is blocked' });
  await expect(banner).toContainText(
    new RegExp(`The payment of the invoice SBX-\\d+ for ${month} \\(\\$0\\.69\\) failed\\. Due now: \\$0\\.69\\.`),
  );
  await expect(page.getByRole('region', { name: 'Account activity' })).toContainText('Blocked');
  await page.screenshot({ path: test.info().outputPath('blocked-billing.png'), fullPage: true });

  await saveCard(page, 'Update payment method', '4242 4242 4242 4242');
  await expect(page.getByRole('alert').filter({ hasText: 'Your account is blocked' })).toHaveCount(0);
  await expect.poll(async () => (await request.get(posts(1), { headers })).status(), { timeout: 30_000 }).toBe(200);
  await expect
    .poll(() => subjects(email, /Receipt|unblocked/), { timeout: 30_000 })
    .toEqual([`Receipt: $0.69 paid for ${month}`, 'Your Public Data API account is unblocked']);
  await expect(page.getByRole('region', { name: 'Account activity' })).toContainText('Unblocked');
  await page.screenshot({ path: test.info().outputPath('unblocked-billing.png'), fullPage: true });
  // Each once, and the failure that blocked told once: three money mails in all.
  expect(await subjects(email, /failed|blocked|Receipt/)).toHaveLength(3);
});

test('an unverified account that adds a card is told calls past the free tier need a verified email', async ({
  page,
}) => {
  const email = await signUp(page);
  // An account still waiting for its address to be verified (one signed in before sign-in required it).
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `UPDATE "Account" SET "emailUnverified" = true WHERE id = (SELECT "accountId" FROM "User" WHERE email = $1)`,
      [email.toLowerCase()],
    );
  } finally {
    await client.end();
  }
  await page.goto('/billing');
  await expect(
    page.getByText('Calls past the free tier need a verified email address as well as a payment method'),
  ).toBeVisible();
  await saveCard(page, 'Add payment method', '4242 4242 4242 4242');
  await expect(
    page.getByText('Your card is saved. Calls past the free tier also need a verified email address'),
  ).toBeVisible();
});
