// Sandboxes for the contract tests: each on its own ports and secret key (so its own account),
// reached through the real stripe SDK with no retries of its own, and closed after the file.
import Stripe from 'stripe';
import { afterAll } from 'vitest';
import { startStripeSandbox, type StripeSandbox, type StripeSandboxOptions } from '../server';

export type SandboxWorld = { sandbox: StripeSandbox; stripe: Stripe };

/** A starter of sandboxes for one test file; every one it starts is closed after the file's tests. */
export function sandboxStarter(webhookSecret: string) {
  const started: StripeSandbox[] = [];
  afterAll(async () => {
    for (const sandbox of started) await sandbox.close();
  });
  return async function sandboxWith(options: Partial<StripeSandboxOptions> = {}): Promise<SandboxWorld> {
    const sandbox = await startStripeSandbox({
      port: 0,
      databaseUrl: process.env.DATABASE_URL!,
      webhookUrl: null,
      webhookSecret,
      ...options,
    });
    started.push(sandbox);
    const url = new URL(sandbox.url);
    const stripe = new Stripe(sandbox.secretKey, {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    return { sandbox, stripe };
  };
}

/** The error a call fails with, or null when it succeeds. */
export const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as Stripe.errors.StripeError,
  );
