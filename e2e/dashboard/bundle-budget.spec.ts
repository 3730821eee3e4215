// First-load JavaScript of every page (the first-load budget: at most 150 kB gzip each). Sizes, not
// times: each script a first load fetches until the network is idle (a new context, nothing
// cached; Next's prefetches of linked pages included), gzipped here at level 9, summed.
// BUNDLE_REPORT=1 also prints each page's scripts.
import { gzipSync } from 'node:zlib';

import { expect, test, type Browser, type BrowserContextOptions } from '@playwright/test';

import { signUp } from '../helpers/accounts';

const BUDGET_BYTES = 150 * 1024;
/** Pages a visitor opens signed out (the sign-in pages send a signed-in visitor on). */
const PUBLIC_PAGES = [
  '/',
  '/docs',
  '/status',
  '/terms',
  '/privacy',
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/account-deleted',
  '/no-such-page', // the 404 page
];

/** The console's pages, signed in. */
const CONSOLE_PAGES = ['/dashboard', '/keys', '/usage', '/usage/requests', '/billing', '/settings', '/explorer'];

/** Gzipped bytes of every script a first load of `path` fetches, with their names. */
async function firstLoadJs(
  browser: Browser,
  path: string,
  options: BrowserContextOptions,
): Promise<{ total: number; scripts: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const bodies: Promise<{ url: string; bytes: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = new URL(response.url()).pathname;
    bodies.push(
      response.body().then(
        (body) => ({ url, bytes: gzipSync(body, { level: 9 }).length }),
        () => ({ url, bytes: 0 }),
      ),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(bodies);
  await context.close();
  return {
    total: loaded.reduce((sum, s) => sum + s.bytes, 0),
    scripts: loaded.map((s) => `${(s.bytes / 1024).toFixed(1).padStart(6)} kB ${s.url}`),
  };
}

function kB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

async function expectWithinBudget(browser: Browser, pages: string[], options: BrowserContextOptions): Promise<void> {
  const rows: string[] = [];
  for (const path of pages) {
    const { total, scripts } = await firstLoadJs(browser, path, options);
    rows.push(`${path.padEnd(18)} ${kB(total)}`);
    if (process.env.BUNDLE_REPORT) console.log(`${path}\n  ${scripts.join('\n  ')}`);
    expect(total, `${path}: some JavaScript`).toBeGreaterThan(0);
    expect
      .soft(total, `${path} ships ${kB(total)} of first-load JS (gzip), budget ${kB(BUDGET_BYTES)}`)
      .toBeLessThanOrEqual(BUDGET_BYTES);
  }
  console.log(`first-load JS (gzip):\n${rows.join('\n')}`);
}

test('every public page loads at most 150 kB gzip of JavaScript', async ({ browser }) => {
  await expectWithinBudget(browser, PUBLIC_PAGES, {});
});

test('every console page loads at most 150 kB gzip of JavaScript', async ({ browser, page }) => {
  await signUp(page);
  await expectWithinBudget(browser, CONSOLE_PAGES, { storageState: await page.context().storageState() });
});
