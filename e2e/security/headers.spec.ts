import { expect, test } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { CONSOLE_PORT } from '../helpers/ports';

const PUBLIC_PAGES = ['/', '/sign-in', '/sign-up'];
const CONSOLE_PAGES = ['/keys', '/billing'];

function expectSecurityHeaders(headers: Record<string, string>, path: string) {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], path).toContain('camera=()');
  // Served over plain HTTP here: no HSTS (lib/http tests cover HTTPS).
  expect(headers['strict-transport-security'], path).toBeUndefined();
}

test.describe('security headers', () => {
  test('every public and console page sends the CSP, nosniff, referrer and permissions policies', async ({ page }) => {
    for (const path of PUBLIC_PAGES) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expectSecurityHeaders(response.headers(), path);
    }
    await signUp(page);
    for (const path of CONSOLE_PAGES) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expectSecurityHeaders(response.headers(), path);
    }
  });

  test('sends HSTS when the proxy in front says the request came over HTTPS', async ({ request }) => {
    const response = await request.get('/sign-in', { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  test('gives each response its own nonce, and every script on the page carries it', async ({ page }) => {
    const first = await page.goto('/sign-in');
    const nonce = /'nonce-([^']+)'/.exec(first!.headers()['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const second = await page.request.get('/sign-in');
    expect(second.headers()['content-security-policy']).not.toContain(nonce);
    // The browser hides nonce attributes from getAttribute; the property keeps them.
    const scripts = await page
      .locator('script')
      .evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((value) => value === nonce)).toBe(true);
  });

  test('the pages still run their scripts under the policy: no CSP violation while creating a key', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await signUp(page); // a server action and a client redirect
    await createKey(page, 'under csp'); // the dialog and copy button need hydration
    await page
      .getByRole('button', { name: /Dark mode|Light mode|theme/i })
      .first()
      .click();
    await page.reload(); // the inline theme script must run again
    expect(violations).toEqual([]);
  });
});

test.describe('framing', () => {
  test('another site cannot frame the keys page', async ({ page }) => {
    await signUp(page);
    await createKey(page, 'not framable');
    const target = `http://localhost:${CONSOLE_PORT}/keys`;
    await page.route('http://framer.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: route.request().url().endsWith('/control')
          ? '<!doctype html><title>control</title><h1>framable</h1>'
          : `<!doctype html><title>framer</title><iframe name="control" src="/control"></iframe><iframe name="console" src="${target}"></iframe>`,
      }),
    );
    await page.goto('http://framer.test/');
    // A page without the policy loads in a frame (the test can see a framed page)...
    await expect(page.frame({ name: 'control' })!.locator('h1')).toHaveText('framable');
    // ...the console's page does not: Chromium puts its own error document there instead.
    const frame = page.frame({ name: 'console' })!;
    await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
    await expect(frame.getByText(/API keys|Sign in/)).toHaveCount(0);
  });
});

test.describe('cross-site requests', () => {
  test('refuses a state-changing request whose Origin is another site, and accepts the same origin', async ({
    request,
  }) => {
    const crossSite = await request.post('/api/auth/signout', { headers: { origin: 'https://evil.test' }, form: {} });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toEqual({ error: 'Cross-site request refused', code: 'forbidden_origin' });
    const sameSite = await request.post('/api/auth/signout', {
      headers: { origin: `http://localhost:${CONSOLE_PORT}` },
      form: {},
      maxRedirects: 0,
    });
    expect(sameSite.status()).not.toBe(403);
  });
});
