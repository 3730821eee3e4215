// Latency and errors per endpoint: /usage's p50/p95 and error-rate charts and the dashboard's month
// chart, drawn on the server from real calls (a 200, a billed 404 and a refused 400), with their
// tables, the endpoint filter, the empty state, axe in light and dark, and 390 px.
import { mkdirSync } from 'node:fs';

import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { createKey } from '../helpers/keys';
import { API_PORT } from '../helpers/ports';

const month = new Date().toISOString().slice(0, 7);
const today = new Date().toISOString().slice(0, 10);
const shots = process.env.E2E_SCREENSHOTS ?? null;
if (shots) mkdirSync(shots, { recursive: true });

async function status(request: APIRequestContext, key: string, path: string): Promise<number> {
  return (await request.get(`http://localhost:${API_PORT}${path}`, { headers: { 'X-API-Key': key } })).status();
}

async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** The body rows of a chart's table, opened from its "as a table" disclosure. */
async function tableRows(page: Page, title: string) {
  await page.getByText(`${title} as a table`).click();
  const region = page.getByRole('region', { name: `${title} table` });
  await expect(region).toBeVisible();
  return region.locator('tbody tr');
}

test('draws latency and error rate per day, filters by endpoint, and the dashboard draws the month', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const key = await createKey(page, 'charts');
  expect(await status(request, key, '/v1/forumsite/community/posts?community=news&pages=1')).toBe(200);
  expect(await status(request, key, '/v1/textthreads/user/posts?username=sandbox_not_found&pages=1')).toBe(404);
  expect(await status(request, key, '/v1/forumsite/community/posts?community=news&pages=0')).toBe(400);

  await page.goto('/usage');
  const section = page.getByRole('region', { name: 'Latency and errors' });
  await expect(section).toContainText(`3 calls in ${month}, 66.7 % of them errors.`);
  await expect(section.getByRole('img', { name: /Latency per day \(p50 and p95\)/ })).toBeVisible();
  await expect(section.getByRole('img', { name: /Error rate per day/ })).toHaveAccessibleDescription(
    /the highest was 66\.7 % on \d{4}-\d{2}-\d{2}/,
  );
  // The numbers without the picture: today's row in each table.
  const errors = await tableRows(page, 'Error rate per day');
  await expect(errors).toHaveCount(1);
  await expect(errors.first().locator('th, td')).toHaveText([today, '3', '2', '0', '66.7 %']);
  const latency = await tableRows(page, 'Latency per day (p50 and p95)');
  await expect(latency).toHaveCount(1);
  await expect(latency.first().locator('th, td')).toHaveText([today, /^\d+(\.\d)? ms$/, /^\d+(\.\d)? ms$/]);
  await expectNoSeriousViolations(page, '/usage charts (light)');
  await shoot(page, 'usage-charts-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page, '/usage charts (dark)');
  await shoot(page, 'usage-charts-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // One endpoint: its one call, a 404.
  await section.getByLabel('Endpoint').selectOption('/v1/textthreads/user/posts');
  await section.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/endpoint=%2Fv1%2Ftextthreads%2Fuser%2Fposts/);
  await expect(section).toContainText(`1 call in ${month}, 100.0 % of them errors.`);
  await expect(section.getByLabel('Endpoint')).toHaveValue('/v1/textthreads/user/posts');
  // A path that is no endpoint is named, not a 500.
  await page.goto('/usage?endpoint=/v1/nowhere');
  await expect(section.getByRole('alert')).toHaveText(
    `endpoint must be one of the API's paths, like /v1/shop/products; "/v1/nowhere" is not`,
  );

  // The dashboard: the month's calls (the 200 and the billed 404; the refused call is not billed) and spend.
  await page.goto('/dashboard');
  const month_ = page.getByRole('region', { name: `${month} by day` });
  await expect(month_.getByRole('img', { name: 'Calls per day' })).toHaveAccessibleDescription(
    new RegExp(`^2 calls in ${month} so far, the most on ${today} \\(2\\)\\.$`),
  );
  // Both calls were inside the free tier: nothing spent, said in place of the spend bars.
  await expect(month_.getByText('Nothing spent yet this month.')).toBeVisible();
  const calls = await tableRows(page, 'Calls per day');
  await expect(calls.filter({ hasText: today }).locator('td')).toHaveText('2');
  await expectNoSeriousViolations(page, '/dashboard month chart (light)');
  await shoot(page, 'dashboard-chart-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'dashboard-chart-dark');

  // 390 px: the charts fit the width, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/usage', '/dashboard']) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} at 390 px`).toBeLessThanOrEqual(0);
    const chart = page.getByRole('img', { name: path === '/usage' ? /Latency per day/ : 'Calls per day' });
    await expect(chart).toBeVisible();
    expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(390);
    await shoot(page, `${path.slice(1)}-charts-390-dark`);
  }
  await expectNoSeriousViolations(page, '/dashboard at 390 px (dark)');
});

test('a month without calls says so in place of the charts', async ({ page }) => {
  await signUp(page);
  await page.goto('/usage');
  const section = page.getByRole('region', { name: 'Latency and errors' });
  await expect(section).toContainText(`${month} has no calls to chart.`);
  await expect(section.getByText('No answered calls to time this month.')).toBeVisible();
  await expect(section.getByText('No calls this month.')).toBeVisible();
  await expect(section.getByRole('img')).toHaveCount(0);
  await expectNoSeriousViolations(page, '/usage charts, empty');
  await shoot(page, 'usage-charts-empty-light');
});
