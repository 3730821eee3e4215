// The one Stripe client. With STRIPE_SECRET_KEY it is Stripe; without, the Stripe emulator
// (lib/stripe-emulator), reached through the SDK's own host/port/protocol options: the product
// makes the same calls either way and has no code path of its own for the emulator.
import Stripe from 'stripe';

import { env, envRecord } from '@/lib/env';

let client: Stripe | undefined;
/** The emulator address and key the client was made for: a process that points elsewhere gets a new client. */
let clientEmulator: string | undefined;

/** Whether payments go to the Stripe emulator (the console shows a "Test mode" badge). */
export function usesStripeEmulator(): boolean {
  return !env.STRIPE_SECRET_KEY;
}

/** Whether Stripe runs in test mode: the emulator, or a `sk_test_` key. */
export function isTestMode(): boolean {
  return usesStripeEmulator() || env.STRIPE_SECRET_KEY!.startsWith('sk_test_');
}

export function stripe(): Stripe {
  if (env.STRIPE_SECRET_KEY) {
    client ??= new Stripe(env.STRIPE_SECRET_KEY, { maxNetworkRetries: 2 });
    return client;
  }
  // Read when needed (not at start-up): a console command points at the running app's emulator
  // first (lib/stripe-emulator/ensure-running.ts sets these after the environment was parsed).
  const now = envRecord();
  const emulatorUrl = now.STRIPE_SANDBOX_URL ?? env.STRIPE_SANDBOX_URL;
  const emulatorKey = now.STRIPE_SANDBOX_SECRET_KEY ?? env.STRIPE_SANDBOX_SECRET_KEY;
  if (client && clientEmulator === `${emulatorUrl} ${emulatorKey}`) return client;
  if (!emulatorUrl || !emulatorKey) {
    throw new Error(
      'No STRIPE_SECRET_KEY and no Stripe emulator (STRIPE_SANDBOX_URL, STRIPE_SANDBOX_SECRET_KEY): start the app with npm start or npm run dev.',
    );
  }
  const emulator = new URL(emulatorUrl);
  // The emulator's own secret key: its API refuses any other, as Stripe does.
  client = new Stripe(emulatorKey, {
    host: emulator.hostname,
    port: Number(emulator.port || 80),
    protocol: emulator.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
  });
  clientEmulator = `${emulatorUrl} ${emulatorKey}`;
  return client;
}

/** The secret webhooks are signed with (STRIPE_WEBHOOK_SECRET; the emulator's is set by scripts/run.ts). */
export function webhookSecret(): string | undefined {
  return envRecord().STRIPE_WEBHOOK_SECRET || env.STRIPE_WEBHOOK_SECRET;
}
