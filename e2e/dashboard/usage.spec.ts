// Usage as a paying customer reads it: calls on several endpoints (inside and past the free tier
// with a card, with sentiment, a refused 400 and a billed 404), then the dashboard, /usage, the
// request log and the CSV export must all agree with the billing headers the calls got, and
// another account must see none of it.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { verifyEmail } from '../helpers/mailbox';
import { API_PORT } from '../helpers/ports';
import { expectNoSeriousViolations } from '../helpers/axe';
import { formatAmount } from '../../lib/money';

const api = (path: string) => `http://localhost:${API_PORT}${path}`;
const month = new Date().toISOString().slice(0, 7);
const shots = process.env.E2E_SCREENSHOTS ? `${process.env.E2E_SCREENSHOTS}/` : null;

type Billed = { status: number; requestId: string; units: number; free: number; amount: bigint };

async function call(request: APIRequestContext, key: string, path: string): Promise<Billed> {
  const response = await request.get(api(path), { headers: { 'X-API-Key': key } });
  const h = response.headers();
  return {
    status: response.status(),
    requestId: h['x-request-id'] ?? '',
    units: Number(h['x-billed-units'] ?? 0),
    free: Number(h['x-free-units'] ?? 0),
    amount: BigInt(h['x-billed-amount-micros'] ?? 0),
  };
}

async function saveCard(page: Page) {
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your card is saved.')).toBeVisible();
}

test('a new account gets first steps, and empty usage pages say so', async ({ page }) => {
  await signUp(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'First steps' })).toBeVisible();
  await expect(page.getByText('curl -H "X-API-Key: ak_live_…"')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the explorer' })).toHaveAttribute('href', '/explorer');
  await page.goto('/usage');
  await expect(page.getByText(`No calls in ${month}.`)).toBeVisible();
  await page.goto('/usage/requests');
  await expect(page.getByText('No calls yet.')).toBeVisible();
});

test('dashboard, usage, request log and CSV agree with the billing headers; another account sees nothing', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // Past the free tier takes a verified email as well as a card.
  await verifyEmail(page, await signUp(page));
  await page.goto('/keys');
  const key = await createKey(page, 'usage e2e');
  const posts = (pages: number) => `/v1/forumsite/community/posts?community=gardening&pages=${pages}`;
  const calls: Billed[] = [];
  calls.push(await call(request, key, posts(40)));
  await saveCard(page);
  calls.push(await call(request, key, posts(20)));
  calls.push(
    await call(request, key, '/v1/clipnet/video/comments?video_id=7301234567890123456&pages=2&get_sentiment=true'),
  );
  calls.push(await call(request, key, '/v1/textthreads/user/posts?username=sandbox_not_found&pages=3'));
  const refused = await call(request, key, posts(0));
  expect(refused.status).toBe(400);
  expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 404]);
  const notFound = calls[3]!;
  expect(notFound.units).toBe(1);
  const totalUnits = calls.reduce((s, c) => s + c.units, 0);
  const totalMicros = calls.reduce((s, c) => s + c.amount, 0n);
  expect(
    totalMicros,
    JSON.stringify(calls, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
  ).toBeGreaterThan(0n);

  // The dashboard: this month's spend and the endpoint past its free tier.
  await page.goto('/dashboard');
  // Amounts in whole cents (lib/money.ts), the same on every page.
  const spend = page.getByRole('region', { name: `Spend in ${month} so far` });
  await expect(spend.locator('p').first()).toHaveText(formatAmount(totalMicros));
  await expect(page.getByText('/v1/forumsite/community/posts')).toBeVisible();
  await expect(page.getByText(/past it: 10 units billed/)).toBeVisible();
  // Refused calls count on the dashboard, and it says how many; /usage counts the served ones.
  await expect(page.getByRole('region', { name: 'Last 24 hours' })).toContainText(
    '5 callsincl. 1 refused before the platform (not billed)',
  );

  // /usage: the summary and the endpoint table.
  await page.goto('/usage');
  await expect(page.getByRole('heading', { name: `${month}, so far` })).toBeVisible();
  const summary = page.locator('dl').first();
  await expect(summary).toContainText('Calls served4and 1 refused before the platform, not billed');
  await expect(summary).toContainText(`Units${totalUnits}`);
  const table = page.getByRole('region', { name: 'Usage by endpoint' });
  const postsRow = table.getByRole('row').filter({ hasText: '/v1/forumsite/community/posts' });
  await expect(postsRow).toContainText('50 / 50');
  const totalRow = table.getByRole('row').filter({ hasText: 'Total' });
  const cells = await totalRow.getByRole('cell').allTextContents();
  expect(cells.at(-1)).toBe(formatAmount(totalMicros));
  // Sorting by endpoint, ascending, puts clipnet first.
  await table.getByRole('button', { name: 'Endpoint' }).click();
  await expect(table.getByRole('columnheader', { name: /Endpoint/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.locator('tbody tr').first()).toContainText('/v1/clipnet/video/comments');
  // The chart's numbers without a mouse.
  await page.getByText('Units per day as a table').click();
  await expect(page.getByRole('region', { name: 'Units per day table' })).toContainText(String(totalUnits));
  await expectNoSeriousViolations(page, '/usage with data (light)');
  if (shots) await page.screenshot({ path: `${shots}usage-light.png`, fullPage: true });

  // The key filter keeps the numbers (one key made them all); the month before is empty.
  await page.getByLabel('Key').selectOption({ label: `usage e2e (${key.slice(0, 12)}…${key.slice(-4)})` });
  await expect(page).toHaveURL(/key=/);
  await expect(page.locator('dl').first()).toContainText(`Units${totalUnits}`);
  // The CSV follows every filter shown: the key, then the endpoint of the latency section too.
  const keyId = new URL(page.url()).searchParams.get('key') ?? '';
  const download = page.getByRole('link', { name: 'Download CSV' });
  await expect(download).toHaveAttribute('href', `/usage/export?month=${month}&key=${keyId}`);
  await page.locator('#latency-endpoint').selectOption('/v1/forumsite/community/posts');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/endpoint=/);
  const filteredHref = `/usage/export?month=${month}&key=${keyId}&endpoint=%2Fv1%2Fforumsite%2Fcommunity%2Fposts`;
  await expect(download).toHaveAttribute('href', filteredHref);
  await expect(page.locator('#usage-csv-scope')).toContainText('/v1/forumsite/community/posts');
  if (shots) await page.screenshot({ path: `${shots}usage-filtered.png`, fullPage: true });
  const filtered = (await (await page.request.get(filteredHref)).text()).trimEnd().split('\r\n').slice(1);
  expect(filtered.length).toBeGreaterThan(0);
  expect(filtered.every((r) => r.split(',')[1] === '/v1/forumsite/community/posts')).toBe(true);
  await page.getByRole('link', { name: /Previous month/ }).click();
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  await expect(page.getByText(/No calls in \d{4}-\d{2} with this key\./)).toBeVisible();

  // The request log: every billed call with its request id; the 404 with its code.
  await page.goto('/usage/requests');
  const log = page.getByRole('region', { name: 'Request log' });
  for (const c of calls) await expect(log.getByText(c.requestId)).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: notFound.requestId })).toContainText('not_found');
  await page.getByLabel('Request id (exact)').fill(calls[1]!.requestId);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/requestId=/);
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(log.locator('tbody tr')).toContainText(calls[1]!.requestId);
  await page.goto('/usage/requests?status=4xx');
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await page.goto('/usage/requests?from=nonsense');
  await expect(page.locator('main').getByRole('alert')).toContainText('from must be a date and time');

  // The CSV sums to the same units and micro-dollars.
  const csv = await page.request.get(`/usage/export?month=${month}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(csv.headers()['content-disposition']).toBe(`attachment; filename="usage-${month}.csv"`);
  const [header, ...rows] = (await csv.text()).trimEnd().split('\r\n');
  expect(header).toBe('date,endpoint,key,requests,units,free_units,billable_units,amount_usd');
  expect(rows.reduce((s, r) => s + Number(r.split(',')[4]), 0)).toBe(totalUnits);
  expect(rows.reduce((s, r) => s + BigInt(r.split(',')[7]!.replace('.', '')), 0n)).toBe(totalMicros);

  // Signed out, the data routes answer 401 / send to sign-in; a bad month is a 400 naming it.
  expect((await request.get('/api/usage')).status()).toBe(401);
  const bad = await page.request.get('/api/usage?month=2026-13');
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toContain('month must be YYYY-MM');

  // Another account: nothing, even asking for this account's request id.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage);
  await otherPage.goto('/usage');
  await expect(otherPage.getByText(`No calls in ${month}.`)).toBeVisible();
  await otherPage.goto(`/usage/requests?requestId=${calls[0]!.requestId}`);
  await expect(otherPage.getByText('No calls match these filters.')).toBeVisible();
  const otherCsv = await otherPage.request.get(`/usage/export?month=${month}`);
  expect((await otherCsv.text()).trimEnd().split('\r\n')).toHaveLength(1);
  await other.close();

  // Dark mode and a 390 px phone.
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const path of ['/dashboard', '/usage', '/usage/requests']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await expectNoSeriousViolations(page, `${path} (dark)`);
    if (shots) await page.screenshot({ path: `${shots}${path.slice(1).replace('/', '-')}-dark.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/dashboard', '/usage', '/usage/requests']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, `${path} (390 px)`);
    if (shots) await page.screenshot({ path: `${shots}${path.slice(1).replace('/', '-')}-390.png`, fullPage: true });
  }
});
