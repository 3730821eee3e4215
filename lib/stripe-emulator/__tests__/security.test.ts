// The Stripe emulator cannot be driven by any web page or any local process. Each guard has its
// test: the form parser, the API key, the control token, the hosted pages' cross-site posts, and
// the two listeners.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FormError, parseForm } from '../form';
import { startStripeEmulator, type StripeEmulator } from '../server';

let emulator: StripeEmulator;
let stripe: Stripe;

beforeAll(async () => {
  emulator = await startStripeEmulator({
    port: 0,
    databaseUrl: process.env.DATABASE_URL!,
    webhookUrl: null,
    webhookSecret: 'whsec_security',
  });
  const url = new URL(emulator.url);
  stripe = new Stripe(emulator.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await emulator?.close();
});

async function openCheckout(): Promise<Stripe.Checkout.Session> {
  const customer = await stripe.customers.create({ email: 'security@example.test' });
  return stripe.checkout.sessions.create({
    mode: 'setup',
    customer: customer.id,
    currency: 'usd',
    success_url: 'http://console.test/billing',
  });
}

describe('the form parser', () => {
  test('a __proto__ form POST leaves Object.prototype untouched and answers 400', async () => {
    const session = await openCheckout();
    const attacks = [
      'card[__proto__][polluted]=yes',
      '__proto__[polluted]=yes',
      'x[constructor][prototype][polluted]=yes',
      'card[prototype]=1',
    ];
    for (const body of attacks) {
      const page = await fetch(session.url!, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(page.status).toBe(400);
      const api = await fetch(`${emulator.url}/v1/customers`, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${emulator.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect({ status: api.status, type: ((await api.json()) as { error: { type: string } }).error.type }).toEqual({
        status: 400,
        type: 'invalid_request_error',
      });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // The emulator still works after the attempts.
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  test('parsed objects have no prototype, and forbidden keys are named in the error', () => {
    const parsed = parseForm('metadata[a]=1&expand[]=x&expand[]=y');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.metadata)).toBeNull();
    expect(parsed.expand).toEqual(['x', 'y']);
    expect(() => parseForm('a[constructor]=1')).toThrow(FormError);
    expect(() => parseForm('a[constructor]=1')).toThrow(/constructor/);
  });
});

describe('the REST API takes only the emulator’s own secret key', () => {
  test('a wrong key answers 401 as Stripe does, and the right one 200', async () => {
    const url = new URL(emulator.url);
    const intruder = new Stripe('sk_test_anything_goes', {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const error = (await intruder.customers
      .create({ email: 'x@example.test' })
      .catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect({ status: error.statusCode, type: error.rawType }).toEqual({ status: 401, type: 'invalid_request_error' });
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_/);
    expect(error.message).not.toContain('anything_goes');
    const missing = await fetch(`${emulator.url}/v1/customers`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect((await stripe.customers.create({ email: 'ok@example.test' })).object).toBe('customer');
  });
});

describe('/_sandbox controls need the control token', () => {
  test('no token is 401, a wrong one 403, and neither changes anything', async () => {
    const session = await openCheckout();
    const complete = `${emulator.url}/_sandbox/checkout/${session.id}/complete`;
    const none = await fetch(complete, { method: 'POST', body: new URLSearchParams({ card: '4242424242424242' }) });
    const wrong = await fetch(complete, {
      method: 'POST',
      headers: { 'x-sandbox-control-token': 'guessed' },
      body: new URLSearchParams({ card: '4242424242424242' }),
    });
    expect([none.status, wrong.status]).toEqual([401, 403]);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    for (const path of ['/_sandbox/disputes', '/_sandbox/clock/advance', '/_sandbox/webhooks/flush']) {
      expect((await fetch(`${emulator.url}${path}`, { method: 'POST' })).status).toBe(401);
    }
    await emulator.control(`/_sandbox/checkout/${session.id}/complete`, { card: '4242424242424242' });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
  });
});

describe('hosted pages accept posts from themselves only', () => {
  test('a cross-site POST to Checkout is refused (Sec-Fetch-Site or Origin), a same-origin one is served', async () => {
    const session = await openCheckout();
    const post = (headers: Record<string, string>) =>
      fetch(session.url!, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ card: '4242424242424242' }),
        redirect: 'manual',
      });
    expect((await post({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-site', origin: 'http://localhost:1' })).status).toBe(403);
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ origin: 'null' })).status).toBe(403);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    // A browser's own form post: same-origin, with the page's origin (or null under a strict referrer policy).
    const own = await post({ 'sec-fetch-site': 'same-origin', origin: 'null' });
    expect({ status: own.status, location: own.headers.get('location') }).toEqual({
      status: 303,
      location: 'http://console.test/billing',
    });
  });

  test('a request naming another host (DNS rebinding) is refused', async () => {
    const session = await openCheckout();
    const pages = new URL(emulator.pagesUrl);
    // fetch() will not send a Host header of our choosing; a raw request does.
    const http = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: pages.port,
          path: new URL(session.url!).pathname,
          headers: { host: `rebound.example:${pages.port}` },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(403);
  });
});

describe('hosted pages and the API are served on separate listeners', () => {
  test('the API is not on the pages’ port and the pages are not on the API’s', async () => {
    expect(new URL(emulator.pagesUrl).port).not.toBe(new URL(emulator.url).port);
    const session = await openCheckout();
    expect(session.url!.startsWith(`${emulator.pagesUrl}/checkout/`)).toBe(true);
    const pagePath = new URL(session.url!).pathname;
    expect((await fetch(`${emulator.url}${pagePath}`)).status).toBe(404);
    expect(
      (await fetch(`${emulator.pagesUrl}/v1/customers`, { headers: { authorization: `Bearer ${emulator.secretKey}` } }))
        .status,
    ).toBe(404);
    expect(
      (
        await fetch(`${emulator.pagesUrl}/_sandbox/webhooks/flush`, {
          method: 'POST',
          headers: { 'x-sandbox-control-token': emulator.controlToken },
        })
      ).status,
    ).toBe(404);
  });
});
