// The API explorer (/explorer), as the evidence lists it: a real call from the form, the
// browser's check and the API's 400, the tab-only key, history, share links, snippets, the
// emotion view, a 3.5 MB response that keeps the tab responsive, and axe.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { expect, test } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { CONSOLE_PORT } from '../helpers/ports';
import { fillParams, headerValue, openExplorerWithKey, pickEndpoint, POSTS, send } from './explorer-page';
import { expectNoSeriousViolations } from '../helpers/axe';

const PAGES_ERROR = "Invalid parameter 'pages': must be an integer from 1 to 40";

test('picks an endpoint, refuses a bad value in the browser, then sends and shows status, billing headers and body', async ({
  page,
}) => {
  const key = await openExplorerWithKey(page);
  await pickEndpoint(page, 'forumsite posts', POSTS);
  await expect(page.getByTestId('free-units-left')).toHaveText('50 of 50');

  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/v1/') && calls.push(r.url()));
  await fillParams(page, { community: 'AskScience', sort_by: 'hot', posted_ago: '', pages: '99' });
  await expect(page.locator('#param-pages-error')).toHaveText(PAGES_ERROR);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('explorer-status')).toHaveText(`Not sent: ${PAGES_ERROR}`);
  await expect(page.locator('#param-pages')).toBeFocused();
  expect(calls).toEqual([]);

  await fillParams(page, { pages: '2' });
  await expect(page.locator('#param-pages-error')).toHaveCount(0);
  await expect(page.getByTestId('max-cost')).toHaveText('$0.006');
  await send(page, 200);
  expect(calls).toHaveLength(1);
  await expect(headerValue(page, 'x-billed-units')).toHaveText('2');
  await expect(headerValue(page, 'x-free-units')).toHaveText('2');
  await expect(headerValue(page, 'x-billed-amount-micros')).toHaveText('0');
  await expect(headerValue(page, 'x-free-tier-remaining')).toHaveText('48');
  await expect(headerValue(page, 'x-request-id')).toHaveText(/\S+/);
  // The four billing headers; X-Request-Id names the call and is listed unmarked.
  await expect(page.locator('tr[data-billing]')).toHaveCount(4);
  await expect(page.getByRole('row', { name: /^x-request-id/ })).not.toHaveAttribute('data-billing', /.*/);
  const body = page.getByRole('region', { name: 'Response body' });
  await expect(body).toContainText('posts:');
  await expect(body).toContainText('"AskScience"');
  await page.getByLabel('Search the body').fill('upvote_ratio');
  await expect(body.locator('mark').first()).toHaveText('upvote_ratio', { timeout: 30_000 });
  // The usage queries were invalidated: the free units read again.
  await expect(page.getByTestId('free-units-left')).toHaveText('48 of 50');

  // Snippets: the same URL and parameters in every language, the key only when revealed.
  const snippet = page.getByTestId('snippet');
  for (const language of ['curl', 'JavaScript', 'Python', 'Go']) {
    await page.getByRole('button', { name: language, exact: true }).click();
    await expect(snippet).toContainText(`${POSTS}?community=AskScience&sort_by=hot&pages=2`);
    await expect(snippet).toContainText('<API_KEY>');
    await expect(snippet).not.toContainText(key);
  }
  await expect(snippet).toContainText(/https?:\/\/[^/]+\/v1\/forumsite/);
  await page.getByLabel('Show my key in the code').check();
  await expect(snippet).toContainText(key);
});

test('shows a 400 from the API as it came, with the message the form gave', async ({ page }) => {
  await openExplorerWithKey(page);
  await pickEndpoint(page, 'forumsite posts', POSTS);
  await fillParams(page, { community: 'AskScience', pages: '99' });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const answered = page.waitForResponse((r) => r.url().includes(POSTS));
  await page.getByRole('button', { name: 'Send anyway (let the API judge)' }).click();
  const apiBody = (await (await answered).json()) as { error: string; code: string };
  expect(apiBody).toEqual({ error: PAGES_ERROR, code: 'invalid_parameter' });
  await expect(page.getByTestId('response-status')).toHaveText(/^400/);
  await expect(page.getByTestId('response-code')).toHaveText('invalid_parameter');
  await expect(page.getByTestId('response-error')).toHaveText(PAGES_ERROR);
  await expect(headerValue(page, 'x-billed-units')).toHaveText('0');
});

test('creates a key for the explorer and keeps it in this tab only: not in the URL, localStorage or cookies', async ({
  page,
  context,
}) => {
  await signUp(page);
  await page.goto('/explorer');
  await page.getByRole('button', { name: 'Create a key for the explorer' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^ak_live_[0-9A-Za-z]{40}$/);
  const key = (await shown.textContent())!;
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue(key);

  await pickEndpoint(page, 'forumsite community details', '/v1/forumsite/community');
  await send(page, 200);
  await page.reload();
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue(key);

  expect(page.url()).not.toContain(key);
  expect(await page.getByLabel('Share link').inputValue()).not.toContain(key);
  const local = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(local).toContain('explorer.history.v2');
  expect(local).not.toContain(key);
  expect(JSON.stringify(await context.cookies())).not.toContain(key);
  expect(await page.evaluate(() => document.cookie)).not.toContain(key);

  // Another tab of the same browser does not get it.
  const other = await context.newPage();
  await other.goto('/explorer');
  await expect(other.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(other.getByLabel('API key', { exact: true })).toHaveValue('');

  // A normal key of the account, named for the explorer, in the key table.
  await page.goto('/keys');
  await expect(page.getByRole('region', { name: 'API keys', exact: true })).toContainText(/Explorer \d{4}-\d{2}-\d{2}/);
});

test('re-sends a call from the history, and a share link restores the form without the key', async ({
  page,
  context,
}) => {
  const key = await openExplorerWithKey(page);
  await pickEndpoint(page, 'forumsite posts', POSTS);
  await fillParams(page, { community: 'AskScience', sort_by: 'top', posted_ago: '7d', pages: '1' });
  await send(page, 200);
  const link = await page.getByLabel('Share link').inputValue();
  expect(link).toMatch(
    /\/explorer\?path=\/v1\/forumsite\/community\/posts&community=AskScience&sort_by=top&posted_ago=7d&pages=1$/,
  );
  expect(link).not.toContain(key);

  await pickEndpoint(page, 'forumsite community details', '/v1/forumsite/community');
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(1);
  await entries
    .first()
    .getByRole('button', { name: `Send ${POSTS} again` })
    .click();
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(`${POSTS}?community=AskScience&sort_by=top&posted_ago=7d&pages=1`);
  await expect(entries.first()).toContainText('200');
  await expect(page.locator('#param-sort_by')).toHaveValue('top');
  expect(await page.evaluate(() => window.localStorage.getItem('explorer.history.v2'))).not.toContain(key);

  const shared = await context.newPage();
  await shared.goto(link);
  await expect(shared.getByRole('heading', { name: `GET ${POSTS}` })).toBeVisible();
  await expect(shared.locator('#param-community')).toHaveValue('AskScience');
  await expect(shared.locator('#param-sort_by')).toHaveValue('top');
  await expect(shared.locator('#param-posted_ago')).toHaveValue('7d');
  await expect(shared.locator('#param-pages')).toHaveValue('1');
  await expect(shared.getByLabel('API key', { exact: true })).toHaveValue('');
});

test('shows the emotions of the records with get_sentiment=true', async ({ page }) => {
  await openExplorerWithKey(page);
  await pickEndpoint(page, 'forumsite posts', POSTS);
  await fillParams(page, {
    community: 'AskScience',
    sort_by: 'hot',
    posted_ago: '',
    pages: '1',
    get_sentiment: 'true',
  });
  await expect(page.getByTestId('max-cost')).toHaveText('$0.004');
  await send(page, 200);
  const view = page.getByRole('region', { name: 'Emotions' });
  await expect(view.getByText('Dominant emotion')).toBeVisible();
  await expect(view.getByText('Polarity')).toBeVisible();
  await expect(view.getByText(/^\d+ records, \d+ with a signal/)).toBeVisible();
  const records = view.getByRole('list', { name: 'Records with their emotions' }).getByRole('listitem');
  await expect(
    records.first().getByRole('group', { name: /^Emotions: \w+, (positive|negative|neutral)$/ }),
  ).toBeVisible();
});

// The sandbox's 40 pages come to about 0.75 MB; a real platform's run to the spec's cap of about
// 3.5 MB (long posts). A relay lengthens the real answer to that size on its way to the page:
// each post's text grows, everything else (status, billing headers) is the API's own, and the
// body reaches the browser over the network in chunks, as a real one would.
const LARGE_BODY_BYTES = 3_600_000;

async function startLengtheningRelay(): Promise<{ origin: string; close: () => void }> {
  const server = createServer(async (request, response) => {
    const upstream = await fetch(`http://localhost:${CONSOLE_PORT}${request.url}`, {
      headers: { 'X-API-Key': String(request.headers['x-api-key']) },
    });
    const body = (await upstream.json()) as { posts: { snippet: string }[] };
    const pad = Math.max(
      0,
      Math.ceil((LARGE_BODY_BYTES - Buffer.byteLength(JSON.stringify(body))) / Math.max(1, body.posts.length)),
    );
    for (const post of body.posts)
      post.snippet = `${post.snippet} ${'Long post text. '.repeat(Math.ceil(pad / 16))}`.slice(
        0,
        post.snippet.length + pad,
      );
    const bytes = Buffer.from(JSON.stringify(body));
    const headers = Object.fromEntries(
      [...upstream.headers].filter(
        ([name]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name),
      ),
    );
    response.writeHead(upstream.status, headers);
    for (let at = 0; at < bytes.length; at += 64 * 1024) {
      if (!response.write(bytes.subarray(at, at + 64 * 1024)))
        await new Promise((resolve) => response.once('drain', resolve));
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

test('keeps the tab responsive while a 3.5 MB response renders, and offers it as a download', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { longestTask: number; tasks: number[] };
    w.longestTask = 0;
    w.tasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.longestTask = Math.max(w.longestTask, entry.duration);
        w.tasks.push(entry.duration);
      }
    }).observe({ type: 'longtask', buffered: true });
  });
  const relay = await startLengtheningRelay();
  await page.route(
    (url) => url.pathname === POSTS,
    (route) => {
      const url = new URL(route.request().url());
      return route.continue({ url: `${relay.origin}${url.pathname}${url.search}` });
    },
  );
  await openExplorerWithKey(page);
  await pickEndpoint(page, 'forumsite posts', POSTS);
  await fillParams(page, { community: 'AskScience', sort_by: 'hot', posted_ago: '', pages: '40' });
  await page.waitForTimeout(1000);
  await page.evaluate(() => {
    const w = window as unknown as { longestTask: number; tasks: number[] };
    w.longestTask = 0;
    w.tasks = [];
  });
  // While measuring, the test only clicks, types and polls two elements by CSS: Playwright's
  // role and text queries scan the whole page on its main thread and would count as its tasks.
  await page.locator('form[aria-labelledby="explorer-endpoint-title"] button[type="submit"]').click();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="response-status"]')?.textContent?.startsWith('200') &&
      document.querySelector('pre[aria-label="Response body as text"]'),
    undefined,
    { polling: 100, timeout: 60_000 },
  );
  await page.locator('section[aria-labelledby="explorer-body-title"] input[type="search"]').fill('AskScience');
  await page.waitForFunction(
    () =>
      /^[1-9]\d* matches for “AskScience”/.test(
        document.querySelector('[data-testid="body-search-status"]')?.textContent ?? '',
      ),
    undefined,
    { polling: 100, timeout: 60_000 },
  );
  await page.waitForTimeout(1000);
  const longest = await page.evaluate(() => (window as unknown as { longestTask: number }).longestTask);
  const tasks = await page.evaluate(() =>
    (window as unknown as { tasks: number[] }).tasks
      .map(Math.round)
      .sort((a, b) => b - a)
      .slice(0, 5),
  );
  console.log(`explorer: the longest tasks in ms: ${tasks.join(', ') || 'none over 50 ms'}`);
  console.log(
    `explorer: longest main-thread task while a ${POSTS}?pages=40 response of 3.5 MB rendered and was searched: ${Math.round(longest)} ms`,
  );
  // A figure, not a test of speed: the machine's load moves it (145-160 ms idle, 400-1,200 ms
  // beside other browser tests). `npm run bench:explorer` runs this test alone and holds it to
  // EXPLORER_LONGEST_TASK_MS (200).
  const budget = Number(process.env.EXPLORER_LONGEST_TASK_MS ?? 0);
  if (budget > 0) expect(longest).toBeLessThan(budget);

  await expect(headerValue(page, 'x-billed-units')).toHaveText('40');
  await expect(page.getByLabel('Response body as text')).toContainText('"posts"');
  await expect(page.getByRole('heading', { name: /^Body \(3\.[4-9] MB\)$/ })).toBeVisible();
  await expect(page.getByTestId('body-search-status')).toHaveText(
    /^[1-9]\d* matches for “AskScience”, the first 50 listed$/,
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download body' }).click();
  expect((await download).suggestedFilename()).toMatch(/^forumsite-community-posts-.+\.json$/);
  relay.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`has no serious axe violations in ${colorScheme} mode, with a response, and at 390 px`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openExplorerWithKey(page);
    await expectNoSeriousViolations(page, `/explorer empty (${colorScheme})`);
    await pickEndpoint(page, 'forumsite posts', POSTS);
    await fillParams(page, {
      community: 'AskScience',
      sort_by: 'hot',
      posted_ago: '',
      pages: '1',
      get_sentiment: 'true',
    });
    await send(page, 200);
    await expectNoSeriousViolations(page, `/explorer with a response (${colorScheme})`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, `/explorer at 390 px (${colorScheme})`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
