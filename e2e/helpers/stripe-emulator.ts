// The Stripe emulator's /_sandbox/* test controls' token, for the browser tests: the server that
// playwright.config.ts starts gets the same control token through STRIPE_SANDBOX_CONTROL_TOKEN
// (made here once per run and inherited by the test workers through the environment).
import { randomBytes } from 'node:crypto';

/** The run's control token: from the environment, else made now and put there for the workers. */
export function stripeEmulatorControlToken(): string {
  process.env.STRIPE_SANDBOX_CONTROL_TOKEN ||= randomBytes(24).toString('base64url');
  return process.env.STRIPE_SANDBOX_CONTROL_TOKEN;
}
