// /settings → Webhooks: add an endpoint that points at a receiver this test runs on
// loopback (plain http to loopback is allowed on the embedded default the tests run on), see its
// signing secret once, send a test event, see it in the delivery log and at the receiver with a
// valid signature, resend it; axe; screenshots in light, dark and at 390 px.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { expect, test, type Page } from '@playwright/test';

import { SIGNATURE_HEADER, verifyWebhookSignature } from '../../lib/server/webhooks/sign-webhook';
import { signUp } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';

test.describe.configure({ timeout: 180_000 });

type Received = { headers: IncomingHttpHeaders; body: string };

/** An HTTP receiver on 127.0.0.1 that keeps what it gets and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok from the test receiver');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => server.close() };
}

const webhooks = (page: Page) => page.getByRole('region', { name: 'Webhooks', exact: true });

test('adds an endpoint, shows its secret once, sends a test event, logs it and resends it', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await signUp(page);
    await page.goto('/settings');
    const section = webhooks(page);
    await expect(section.getByText('No endpoints yet.')).toBeVisible();

    await section.getByLabel('Endpoint URL').fill(receiver.url);
    await section.getByLabel('Description (optional)').fill('e2e receiver');
    await section.getByRole('checkbox', { name: /key\.created/ }).check();
    await section.getByRole('checkbox', { name: /invoice\.paid/ }).check();
    await section.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, once.
    const secretText = section.getByTestId('webhook-secret');
    await expect(secretText).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
    const secret = (await secretText.textContent()) ?? '';
    const card = section.getByRole('article', { name: receiver.url });
    await expect(card).toContainText('key.created, invoice.paid');
    await expect(card.getByText('Enabled')).toBeVisible();
    await section.getByRole('button', { name: 'Done' }).click();
    await expect(secretText).toHaveCount(0);
    await page.reload();
    await expect(webhooks(page).getByRole('article', { name: receiver.url })).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // A test event: in the log (the log reloads itself until the worker has delivered it) and at the receiver.
    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByText(/Test event evt_[0-9a-f]+ queued/)).toBeVisible();
    const rows = card.getByRole('row').filter({ hasText: 'test.ping' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('200', { timeout: 45_000 });
    await expect(rows.first()).toContainText('ok from the test receiver');
    await expect(rows.first()).toContainText(/\d+ ms/);
    expect(receiver.received).toHaveLength(1);
    const first = receiver.received[0]!;
    const event = JSON.parse(first.body) as { id: string; type: string; created: string; data: unknown };
    expect(event.type).toBe('test.ping');
    await expect(rows.first()).toContainText(event.id);
    expect(verifyWebhookSignature(first.body, first.headers[SIGNATURE_HEADER.toLowerCase()] as string, secret)).toBe(
      true,
    );

    // Its row is there: the log stops waiting.
    await expect(card.getByText('Waiting for the delivery…')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'webhooks section with a delivery');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await webhooks(page).screenshot({ path: `/work/shots/h42/webhooks-${colorScheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Resend: a second attempt of the same event, signed again.
    await rows
      .first()
      .getByRole('button', { name: /^Resend test\.ping/ })
      .click();
    await expect(card.getByText(`Event ${event.id} queued again, as attempt 2.`)).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('200', { timeout: 45_000 });
    expect(receiver.received).toHaveLength(2);
    const second = receiver.received[1]!;
    expect((JSON.parse(second.body) as { id: string }).id).toBe(event.id);
    expect(verifyWebhookSignature(second.body, second.headers[SIGNATURE_HEADER.toLowerCase()] as string, secret)).toBe(
      true,
    );

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, 'webhooks section at 390 px');
    await webhooks(page).screenshot({ path: '/work/shots/h42/webhooks-390.png' });
  } finally {
    receiver.close();
  }
});

test('refuses plain http to a public host and says why', async ({ page }) => {
  await signUp(page);
  await page.goto('/settings');
  const section = webhooks(page);
  await section.getByLabel('Endpoint URL').fill('http://example.com/hooks');
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(
    section.getByText('Use an https URL (plain http only to this machine: localhost or 127.0.0.1)'),
  ).toBeVisible();
  await expect(section.getByText('Choose at least one event')).toBeVisible();
  await expect(section.getByLabel('Endpoint URL')).toHaveValue('http://example.com/hooks');
  await expectNoSeriousViolations(page, 'webhooks form with errors');
  await section.screenshot({ path: '/work/shots/h42/webhooks-form-errors.png' });
});
