// Emulators for the contract tests: each on its own ports and secret key (so its own account),
// reached through the real stripe SDK with no retries of its own, and closed after the file.
import Stripe from 'stripe';
import { afterAll } from 'vitest';
import { startStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from '../server';

export type EmulatorWorld = { emulator: StripeEmulator; stripe: Stripe };

/** A starter of emulators for one test file; every one it starts is closed after the file's tests. */
export function emulatorStarter(webhookSecret: string) {
  const started: StripeEmulator[] = [];
  afterAll(async () => {
    for (const emulator of started) await emulator.close();
  });
  return async function emulatorWith(options: Partial<StripeEmulatorOptions> = {}): Promise<EmulatorWorld> {
    const emulator = await startStripeEmulator({
      port: 0,
      databaseUrl: process.env.DATABASE_URL!,
      webhookUrl: null,
      webhookSecret,
      ...options,
    });
    started.push(emulator);
    const url = new URL(emulator.url);
    const stripe = new Stripe(emulator.secretKey, {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    return { emulator, stripe };
  };
}

/** The error a call fails with, or null when it succeeds. */
export const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as Stripe.errors.StripeError,
  );
