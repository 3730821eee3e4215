// The request log as a tool. Every refused call (400, 402, 429, and a revoked key's 401) is
// listed with its status and error code, marked refused and not billed; times read to the second;
// filters by status class (or refused alone), error code, endpoint and key; each call opens a
// detail view with its fields (its parameters among them) and a button that copies its request id.
import { expect, test, type APIRequestContext } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { createKey, keyRow } from '../helpers/keys';
import { API_PORT } from '../helpers/ports';

const api = (path: string) => `http://localhost:${API_PORT}${path}`;
const POSTS = '/v1/forumsite/community/posts';
// Screenshots to look at, when E2E_SCREENSHOTS names a folder.
const shots = process.env.E2E_SCREENSHOTS ?? null;

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
  // A second key, revoked: its call is refused with 401 and listed too.
  await page.getByRole('button', { name: 'Done' }).click();
  const oldKey = await createKey(page, 'old key');
  expect(oldKey).not.toBe(key);
  await keyRow(page, oldKey).getByRole('button', { name: 'Revoke old key' }).click();
  await expect(page.getByText('Key old key revoked.')).toBeVisible();
  expect((await call(request, oldKey, `${POSTS}?community=gardening`)).status).toBe(401);

  // Counted before each answer left: on the page at once, each with its status and code.
  const refusedRows = page.getByRole('region', { name: 'Refused calls' }).locator('tbody tr[data-refused]');
  await page.goto('/usage/requests');
  await expect(refusedRows).toHaveCount(2);
  const invalid = refusedRows.filter({ hasText: 'invalid_parameter' });
  await expect(invalid).toContainText('400');
  await expect(invalid).toContainText('Refused · invalid_parameter');
  await expect(invalid).toContainText('Not billed');
  await expect(invalid).toContainText(POSTS);
  await expect(invalid).toContainText('log tool');
  const revoked = refusedRows.filter({ hasText: 'revoked_api_key' });
  await expect(revoked).toContainText('401');
  await expect(revoked).toContainText('Refused · revoked_api_key');
  await expect(revoked).toContainText('old key');
  if (shots) await page.screenshot({ path: `${shots}/request-log-light.png`, fullPage: true });

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
  await expect(refusedRows).toHaveCount(2);
  await page.goto(`/usage/requests?endpoint=${encodeURIComponent('/v1/textthreads/user/posts')}`);
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(refusedRows).toHaveCount(0);
  await page.goto('/usage/requests');
  const keyId = await page.locator('#log-key').locator('option', { hasText: 'log tool' }).getAttribute('value');
  await page.goto(`/usage/requests?key=${keyId}`);
  await expect(log.locator('tbody tr')).toHaveCount(2);
  await expect(refusedRows).toHaveCount(1);
  // Refused alone, and one error code (the calls' and the refusals').
  await page.goto('/usage/requests');
  await page.getByLabel('Status').selectOption('refused');
  await page.getByLabel('Error code').selectOption('revoked_api_key');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=refused&code=revoked_api_key/);
  await expect(refusedRows).toHaveCount(1);
  await expect(refusedRows).toContainText('old key');
  await expect(page.getByText('Refused calls have no row of their own')).toBeVisible();
  await page.goto('/usage/requests?code=not_found');
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(log.locator('tbody tr')).toContainText(notFound.requestId);
  await expect(refusedRows).toHaveCount(0);
  await page.goto('/usage/requests?code=nonsense');
  await expect(page.locator('main').getByRole('alert')).toContainText(
    "code must be one of the API's error codes, like key_limit_exceeded",
  );
  await page.goto('/usage/requests');

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
    if (shots) await page.screenshot({ path: `${shots}/request-detail-${colorScheme}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `request detail (${colorScheme})`);
    await page.goto('/usage/requests');
    await expectNoSeriousViolations(page, `request log with refusals (${colorScheme})`);
    if (shots && colorScheme === 'dark')
      await page.screenshot({ path: `${shots}/request-log-dark.png`, fullPage: true });
    await page.goBack();
  }
  // A 390 px phone: nothing wider than the screen, no serious violation.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/usage/requests');
  await expect(refusedRows).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, 'request log with refusals (390 px)');
  if (shots) await page.screenshot({ path: `${shots}/request-log-390.png`, fullPage: true });

  // Another account's id, or an unknown one, finds nothing.
  await page.goto('/usage/requests/req_not_a_real_one');
  await expect(page.getByText('No call of this account has the request id')).toBeVisible();
});
