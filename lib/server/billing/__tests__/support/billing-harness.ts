// Billing tests' world: the Stripe emulator in this process, delivering signed webhooks to the
// real route handler (app/api/webhooks/stripe/route.ts) through a loopback HTTP server, and
// usage written by the real recorder (record_usage), as the gateway writes it.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import Stripe from 'stripe';
import { UsageRecorder } from '@/lib/api/gateway/usage-recorder';
import { startStripeEmulator, type StripeEmulator } from '@/lib/stripe-emulator/server';
import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { ensureStripeCustomer } from '../../ensure-stripe-customer';
import { POST as webhookRoute } from '@/app/api/webhooks/stripe/route';
import { billingMonth } from '@/lib/utc-month';

export const WEBHOOK_SECRET = 'whsec_billing_tests';

export interface BillingWorld {
  emulator: StripeEmulator;
  stripe: Stripe;
  recorder: UsageRecorder;
  /** Webhook deliveries the route answered, by status. */
  answers: number[];
  close(): Promise<void>;
}

/** webhooks: false starts an emulator that delivers no webhooks (state then comes only by reading Stripe). */
export async function startBillingWorld({ webhooks = true }: { webhooks?: boolean } = {}): Promise<BillingWorld> {
  const answers: number[] = [];
  const receiver = http.createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const answer = await webhookRoute(
      new Request('http://console.test/api/webhooks/stripe', {
        method: 'POST',
        body,
        headers: { 'stripe-signature': String(request.headers['stripe-signature'] ?? '') },
      }),
    );
    answers.push(answer.status);
    response.writeHead(answer.status).end(await answer.text());
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const { port } = receiver.address() as { port: number };
  const emulator = await startStripeEmulator({
    port: 0,
    databaseUrl: process.env.DATABASE_URL!,
    webhookUrl: webhooks ? `http://127.0.0.1:${port}/` : null,
    webhookSecret: WEBHOOK_SECRET,
  });
  process.env.STRIPE_SANDBOX_URL = emulator.url;
  process.env.STRIPE_SANDBOX_SECRET_KEY = emulator.secretKey;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  const url = new URL(emulator.url);
  const stripe = new Stripe(emulator.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
  const recorder = new UsageRecorder(pool);
  return {
    emulator,
    stripe,
    recorder,
    answers,
    async close() {
      await emulator.flushWebhooks();
      await emulator.close();
      await recorder.close();
      await pool.end();
      await new Promise((r) => receiver.close(r));
    },
  };
}

/** A new account with a Stripe customer and, for a test card, that card as its default. */
export async function billedAccount(
  world: BillingWorld,
  card?: string,
): Promise<{ accountId: string; customer: string }> {
  const { accountId } = await findOrCreateAccountByEmail({ email: `billing-${randomUUID()}@example.test` });
  const customer = await ensureStripeCustomer({ accountId });
  if (card) {
    await saveCard(world, customer, card);
    // The card becomes the default through the webhooks: handled before the account is used.
    await world.emulator.flushWebhooks();
  }
  await db.account.update({ where: { id: accountId }, data: { hasPaymentMethod: true } });
  return { accountId, customer };
}

/** Saves a card through Checkout (setup mode) and returns its Checkout session id. */
export async function saveCard(world: BillingWorld, customer: string, card: string): Promise<string> {
  const session = await world.stripe.checkout.sessions.create({
    mode: 'setup',
    customer,
    success_url: 'http://console.test/billing',
  });
  await world.emulator.control(`/_sandbox/checkout/${session.id}/complete`, { card });
  return session.id;
}

/** Writes calls into the ledger through record_usage, as the gateway does. */
export async function recordCalls(
  world: BillingWorld,
  accountId: string,
  calls: { endpoint: string; units: number; priceMicros: number; sentiment?: boolean }[],
): Promise<void> {
  const month = billingMonth();
  await Promise.all(
    calls.map((c) =>
      world.recorder.record({
        id: `req_${randomUUID().replace(/-/g, '')}`,
        accountId,
        apiKeyId: null,
        endpoint: c.endpoint,
        month,
        status: 200,
        units: c.units,
        priceMicros: c.priceMicros,
        sentiment: c.sentiment ?? false,
        latencyMs: 1,
        createdAt: new Date(),
        reservedFree: 0,
        counted: true,
      }),
    ),
  );
}

/** What the ledger says the account owes this month, in micro-dollars. */
export async function ledgerMicros(accountId: string): Promise<bigint> {
  const rows = await db.usageMonthly.findMany({ where: { accountId, month: billingMonth() } });
  return rows.reduce((sum, r) => sum + r.amountMicros, 0n);
}
