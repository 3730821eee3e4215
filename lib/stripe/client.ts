// The one Stripe client. With STRIPE_SECRET_KEY it is Stripe; without, the billing sandbox
// (lib/stripe-emulator), reached through the SDK's own host/port/protocol options: the product
// makes the same calls either way and has no code path of its own for the sandbox.
import Stripe from 'stripe';

import { env, envRecord } from '@/lib/env';

let client: Stripe | undefined;
/** The sandbox address and key the client was made for: a process that points elsewhere gets a new client. */
let clientSandbox: string | undefined;

/** Whether payments go to the billing sandbox (the console shows a "Test mode" badge). */
export function isBillingSandbox(): boolean {
  return !env.STRIPE_SECRET_KEY;
}

/** Whether Stripe runs in test mode: the sandbox, or a `sk_test_` key. */
export function isTestMode(): boolean {
  return isBillingSandbox() || env.STRIPE_SECRET_KEY!.startsWith('sk_test_');
}

export function stripe(): Stripe {
  if (env.STRIPE_SECRET_KEY) {
    client ??= new Stripe(env.STRIPE_SECRET_KEY, { maxNetworkRetries: 2 });
    return client;
  }
  // Read when needed (not at start-up): a console command points at the running app's sandbox
  // first (lib/billing/sandbox/ensure-running.ts sets these after the environment was parsed).
  const now = envRecord();
  const sandboxUrl = now.STRIPE_SANDBOX_URL ?? env.STRIPE_SANDBOX_URL;
  const sandboxKey = now.STRIPE_SANDBOX_SECRET_KEY ?? env.STRIPE_SANDBOX_SECRET_KEY;
  if (client && clientSandbox === `${sandboxUrl} ${sandboxKey}`) return client;
  if (!sandboxUrl || !sandboxKey) {
    throw new Error(
      'No STRIPE_SECRET_KEY and no billing sandbox (STRIPE_SANDBOX_URL, STRIPE_SANDBOX_SECRET_KEY): start the app with npm start or npm run dev.',
    );
  }
  const sandbox = new URL(sandboxUrl);
  // The sandbox's own secret key: its API refuses any other, as Stripe does.
  client = new Stripe(sandboxKey, {
    host: sandbox.hostname,
    port: Number(sandbox.port || 80),
    protocol: sandbox.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
  });
  clientSandbox = `${sandboxUrl} ${sandboxKey}`;
  return client;
}

/** The secret webhooks are signed with (STRIPE_WEBHOOK_SECRET; the sandbox's is set by scripts/run.ts). */
export function webhookSecret(): string | undefined {
  return envRecord().STRIPE_WEBHOOK_SECRET || env.STRIPE_WEBHOOK_SECRET;
}
