// Money is written one way on every console page (amounts in whole
// cents, prices to the tenth of a cent and only where a price is shown: lib/money.ts), the month's
// estimate reads the same on the dashboard and /billing, and the dashboard's standing says when a
// cap refuses calls. An account with calls past the free tier (with sentiment, a 404, a refused
// 400), a closed month carried forward and a daily cap it has reached; screenshots light, dark, 390 px.
import { execFileSync } from 'node:child_process';

import { expect, test, type Page } from '@playwright/test';

import { AMOUNT_PATTERN, PRICE_PATTERN } from '../../lib/money';
import { signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { verifyEmail } from '../helpers/mailbox';
import { API_PORT, CONSOLE_PORT } from '../helpers/ports';

const api = (path: string) => `http://localhost:${API_PORT}${path}`;
const posts = (pages: number) => api(`/v1/forumsite/community/posts?community=gardening&pages=${pages}`);
const shots = process.env.E2E_SCREENSHOTS ? `${process.env.E2E_SCREENSHOTS}/` : null;

type MoneyText = { text: string; price: boolean; where: string };

/** Every "$…" on the page (text and the labels people hear), and whether it sits where a price is shown. */
function moneyOnPage(page: Page): Promise<MoneyText[]> {
  return page.evaluate(() => {
    const found: { text: string; price: boolean; where: string }[] = [];
    const money = /-?\$[\d,]*(?:\.\d+)?/g;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template')) continue;
      for (const match of (node.textContent ?? '').matchAll(money)) {
        found.push({
          text: match[0],
          price: parent.closest('[data-money="price"]') !== null,
          where: (parent.textContent ?? '').slice(0, 120),
        });
      }
    }
    for (const element of document.querySelectorAll('[aria-label], [title]')) {
      for (const value of [element.getAttribute('aria-label'), element.getAttribute('title')]) {
        for (const match of (value ?? '').matchAll(money))
          found.push({
            text: match[0],
            price: element.closest('[data-money="price"]') !== null,
            where: value!.slice(0, 120),
          });
      }
    }
    return found;
  });
}

/** Amounts anywhere as "$1,234.56"; "$0.003" only where a price, a call's cost or a carried fraction is shown. */
async function expectOneMoneyFormat(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main')).toBeVisible();
  const money = await moneyOnPage(page);
  const wrong = money.filter((m) => !(AMOUNT_PATTERN.test(m.text) || (m.price && PRICE_PATTERN.test(m.text))));
  expect(wrong, `${path}: money written another way`).toEqual([]);
  return money;
}

test('every console page writes money one way; the estimate and the standing say what they are', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = await signUp(page);
  await verifyEmail(page, email);
  await page.goto('/keys');
  const headers = { 'X-API-Key': await createKey(page, 'money') };
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Add payment method' }).first().click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your card is saved.')).toBeVisible();

  // 72 pages, 22 past the free tier: $0.066, under Stripe's minimum, so the close carries it on.
  for (const pages of [40, 32]) expect((await request.get(posts(pages), { headers })).status()).toBe(200);
  const month = new Date().toISOString().slice(0, 7);
  execFileSync('npm', ['run', '--silent', 'console', '--', 'close-month', '--month', month, '--email', email], {
    env: { ...process.env, PORT: String(CONSOLE_PORT), API_PORT: String(API_PORT), BILLING_SANDBOX: 'true' },
    stdio: 'pipe',
  });
  // More calls: billed pages, sentiment, a billed 404 and a refused 400.
  expect((await request.get(posts(13), { headers })).status()).toBe(200);
  const clip = '/v1/clipnet/video/comments?video_id=7301234567890123456&pages=2&get_sentiment=true';
  expect((await request.get(api(clip), { headers })).status()).toBe(200);
  expect(
    (await request.get(api('/v1/textthreads/user/posts?username=sandbox_not_found&pages=3'), { headers })).status(),
  ).toBe(404);
  expect((await request.get(posts(0), { headers })).status()).toBe(400);

  // A daily cap of $0.04, reached by today's spend: the dashboard says calls are refused, until when.
  await page.goto('/billing');
  await page.getByLabel('Daily cap (USD)').fill('0.04');
  await page.getByRole('button', { name: 'Save caps' }).click();
  await expect(page.getByText('Spending caps saved.')).toBeVisible();
  expect((await request.get(posts(20), { headers })).status()).toBe(429);

  const dashboard = await expectOneMoneyFormat(page, '/dashboard');
  expect(dashboard.length).toBeGreaterThan(0);
  const standing = page.getByRole('region', { name: 'Standing' });
  await expect(standing).toContainText('Calls refused');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await expect(standing).toContainText(`The daily cap of $0.04 is reached`);
  await expect(standing).toContainText(`until ${tomorrow} 00:00 UTC`);
  const estimate = await page.getByTestId('month-end-estimate').textContent();
  expect(estimate).toMatch(new RegExp(`^Calls in ${month}, estimated to the month's end at this pace: about \\$`));

  await expectOneMoneyFormat(page, '/usage');
  const log = await expectOneMoneyFormat(page, '/usage/requests');
  expect(log.some((m) => m.price && PRICE_PATTERN.test(m.text))).toBe(true); // each call's cost, to the tenth of a cent
  const firstRequest = await page
    .getByRole('region', { name: 'Request log' })
    .locator('tbody a')
    .first()
    .getAttribute('href');
  await expectOneMoneyFormat(page, firstRequest!);
  await expectOneMoneyFormat(page, '/billing');
  // /billing's estimate is the dashboard's, word for word.
  expect(await page.getByTestId('month-end-estimate').textContent()).toBe(estimate);
  for (const path of ['/keys', '/settings', '/explorer']) await expectOneMoneyFormat(page, path);

  if (shots) {
    for (const path of ['/dashboard', '/usage', '/billing']) {
      const name = path.slice(1);
      await page.goto(path);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${shots}money-${name}-${scheme}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.screenshot({ path: `${shots}money-${name}-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  }
});
