// Issue 31, item 2: the request log as a tool. Refused calls (400, 402, 429) are listed, marked
// refused and not billed; times read to the second; filters by status class, endpoint and key;
// each call opens a detail view with its fields (its parameters among them) and a button that
// copies its request id.
import { expect, test, type APIRequestContext } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { createKey } from '../helpers/keys';
import { API_PORT } from '../helpers/ports';

const api = (path: string) => `http://localhost:${API_PORT}${path}`;
const POSTS = '/v1/forumsite/community/posts';

async function call(request: APIRequestContext, key: string, path: string) {
  const response = await request.get(api(path), { headers: { 'X-API-Key': key } });
  return { status: response.status(), requestId: response.headers()['x-request-id'] ?? '' };
}

test('lists refused calls as refused and not billed, filters, and opens a call with its fields and a copyable id', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto('/keys');
  const key = await createKey(page, 'log tool');
  const ok = await call(request, key, `${POSTS}?community=gardening&pages=2`);
  expect(ok.status).toBe(200);
  const notFound = await call(request, key, '/v1/textthreads/user/posts?username=@sandbox_not_found');
  expect(notFound.status).toBe(404);
  const refused = await call(request, key, `${POSTS}?community=gardening&pages=0`);
  expect(refused.status).toBe(400);

  // The refusal is written by the API's batched recorder: read the page again until it is there.
  const refusedRows = page.getByRole('region', { name: 'Refused calls' }).locator('tbody tr[data-refused]');
  await expect(async () => {
    await page.goto('/usage/requests');
    await expect(refusedRows).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(refusedRows.first()).toContainText('400');
  await expect(refusedRows.first()).toContainText('Refused');
  await expect(refusedRows.first()).toContainText('Not billed');
  await expect(refusedRows.first()).toContainText(POSTS);
  await expect(refusedRows.first()).toContainText('log tool');

  const log = page.getByRole('region', { name: 'Request log' });
  await expect(log.locator('tbody tr')).toHaveCount(2);
  await expect(log.locator('tbody tr time').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);

  // Filters: status class, endpoint, key.
  await page.getByLabel('Status').selectOption('2xx');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=2xx/);
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(log.locator('tbody tr')).toContainText(ok.requestId);
  await expect(refusedRows).toHaveCount(0);
  await page.goto('/usage/requests?status=4xx');
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(log.locator('tbody tr')).toContainText(notFound.requestId);
  await expect(refusedRows).toHaveCount(1);
  await page.goto(`/usage/requests?endpoint=${encodeURIComponent('/v1/textthreads/user/posts')}`);
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(refusedRows).toHaveCount(0);
  await page.goto('/usage/requests');
  const keyId = await page.locator('#log-key').locator('option', { hasText: 'log tool' }).getAttribute('value');
  await page.goto(`/usage/requests?key=${keyId}`);
  await expect(log.locator('tbody tr')).toHaveCount(2);
  await expect(refusedRows).toHaveCount(1);

  // The detail of the 404.
  await page.getByRole('link', { name: `Details of ${notFound.requestId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/usage/requests/${notFound.requestId}$`));
  const details = page.getByRole('definition');
  const field = (label: string) =>
    page
      .locator('dl[aria-label="Request details"] > div')
      .filter({ has: page.locator(':scope > dt').getByText(label, { exact: true }) })
      .locator(':scope > dd');
  await expect(field('Method')).toHaveText('GET');
  await expect(field('Path')).toHaveText('/v1/textthreads/user/posts');
  await expect(field('Status')).toHaveText('404');
  await expect(field('Error code')).toHaveText('not_found');
  await expect(field('Latency')).toHaveText(/^\d+ ms$/);
  await expect(field('Units')).toHaveText(/^\d+/);
  await expect(field('Free units')).toHaveText(/^\d+/);
  await expect(field('Amount')).toHaveText(/^\$/);
  await expect(field('Key')).toContainText('log tool');
  // The parameters as the gateway validated them (the default `pages` filled in, the `@` taken
  // off), name = value, with the query string and a button that copies it; never the key.
  const params = field('Parameters').locator('dl[aria-label="Parameters"]');
  await expect(params.locator('dt')).toHaveText(['username', 'pages']);
  await expect(params.locator('dd')).toHaveText(['sandbox_not_found', '1']);
  await expect(page.getByTestId('detail-query-string')).toHaveText('?username=sandbox_not_found&pages=1');
  await expect(field('Parameters')).not.toContainText(key);
  await expect(page.getByRole('link', { name: 'Try /v1/textthreads/user/posts again' })).toHaveAttribute(
    'href',
    '/explorer?path=/v1/textthreads/user/posts&username=sandbox_not_found&pages=1',
  );
  await expect(field('Time (UTC)')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  await expect(details.first()).toBeVisible();
  await expect(page.getByTestId('detail-request-id')).toHaveText(notFound.requestId);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy request id' }).click();
  await expect(page.getByText('Request id copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(notFound.requestId);
  await page.getByRole('button', { name: 'Copy query string' }).click();
  await expect(page.getByText('Query string copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('?username=sandbox_not_found&pages=1');

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `/work/shots/h28/request-detail-${colorScheme}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `request detail (${colorScheme})`);
    await page.goto('/usage/requests');
    await expectNoSeriousViolations(page, `request log with refusals (${colorScheme})`);
    await page.goBack();
  }

  // Another account's id, or an unknown one, finds nothing.
  await page.goto('/usage/requests/req_not_a_real_one');
  await expect(page.getByText('No call of this account has the request id')).toBeVisible();
});
