// The views that refresh on their own (components/auto-refresh/auto-refresh.tsx): the dashboard and /usage start
// from the server's data and read it again once their first refresh is due (the page's clock is
// Playwright's, moved on by hand); the request log reads newer calls and older pages on request.
// Their first load ships without TanStack Query, and loading it later keeps the
// view mounted: text typed into a filter survives it.
import { expect, test, type APIRequestContext } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { API_PORT } from '../helpers/ports';

const POSTS = '/v1/forumsite/community/posts?community=gardening&pages=1';
const USER_POSTS = '/v1/textthreads/user/posts?username=sandbox_user&pages=1';

async function call(request: APIRequestContext, key: string, path = POSTS): Promise<string> {
  const response = await request.get(`http://localhost:${API_PORT}${path}`, { headers: { 'X-API-Key': key } });
  expect(response.status()).toBe(200);
  return response.headers()['x-request-id'] ?? '';
}

test('the dashboard and /usage show a call made after they opened once their refresh is due', async ({
  page,
  request,
}) => {
  await signUp(page);
  await page.goto('/keys');
  const key = await createKey(page, 'auto refresh');
  await call(request, key);
  // One call, in the singular.
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Last 24 hours' })).toContainText('1 call0 errors', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Calls per day' })).toHaveAccessibleDescription(
    /^1 call in \d{4}-\d{2} so far/,
  );

  await page.clock.install();
  const requests = page
    .locator('dl')
    .first()
    .locator('div')
    .filter({ hasText: /^Calls served/ });
  await expect(async () => {
    await page.goto('/usage');
    await expect(requests).toContainText('Calls served1', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Updates every 15 seconds')).toBeVisible();

  await call(request, key);
  // Nothing is read before the refresh is due; then every 15 s.
  await page.clock.runFor(5_000);
  await expect(requests).toContainText('Calls served1');
  await expect(async () => {
    await page.clock.runFor(15_000);
    await expect(requests).toContainText('Calls served2', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  await page.goto('/dashboard');
  const last24h = page.getByRole('region', { name: 'Last 24 hours' });
  await expect(last24h).toContainText('2 calls');
  await call(request, key);
  await page.clock.runFor(5_000);
  await expect(last24h).toContainText('2 calls');
  await expect(async () => {
    await page.clock.runFor(30_000);
    await expect(last24h).toContainText('3 calls', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
});

test('the request log loads older calls and checks for new ones on request, keeping what is typed', async ({
  page,
  request,
}) => {
  await signUp(page);
  await page.goto('/keys');
  const key = await createKey(page, 'refresh log');
  // 52 calls, within each endpoint's free tier: the log's first page holds 50.
  const first = await call(request, key, USER_POSTS);
  for (let i = 0; i < 25; i++) await call(request, key, USER_POSTS);
  for (let i = 0; i < 26; i++) await call(request, key);

  const log = page.getByRole('region', { name: 'Request log' });
  const requestId = page.getByLabel('Request id (exact)');
  // Until the API's batched writer has written all 52 (each try opens the page afresh).
  await expect(async () => {
    await page.goto('/usage/requests');
    await expect(log.locator('tbody tr')).toHaveCount(50, { timeout: 1_000 });
    await expect(log).not.toContainText(first);
    await requestId.fill('req_typed_not_sent');
    await page.getByRole('button', { name: 'Load older calls' }).click();
    await expect(log.locator('tbody tr')).toHaveCount(52, { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await expect(log).toContainText(first);
  await expect(page.getByRole('button', { name: 'Load older calls' })).toHaveCount(0);
  await expect(page.getByText('52 calls shown.')).toBeVisible();
  await expect(requestId).toHaveValue('req_typed_not_sent');

  const newest = await call(request, key);
  await expect(async () => {
    await page.getByRole('button', { name: 'Check for new calls' }).click();
    await expect(log).toContainText(newest, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(log.locator('tbody tr')).toHaveCount(53);
  await expect(requestId).toHaveValue('req_typed_not_sent');
});
