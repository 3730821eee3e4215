// For commands run outside `npm start` (the operator command line): use the Stripe emulator the
// running app started for this database, or refuse with a clear error. Never a second emulator:
// one started here would store its own, soon dead, address in the invoices' View and PDF links.
import { findRunningStripeEmulator } from './runtime';

export class NoStripeEmulatorError extends Error {}

/**
 * Points this process's Stripe client at the running app's emulator; throws when none answers.
 * Returns a function to call when done (nothing to stop: the emulator is the app's).
 */
export async function ensureStripeEmulator(): Promise<() => Promise<void>> {
  const done = async () => {};
  if (process.env.STRIPE_SECRET_KEY) return done;
  const databaseUrl = process.env.DATABASE_URL ?? '';
  const running = findRunningStripeEmulator(databaseUrl);
  const healthy =
    running &&
    (await fetch(new URL('/_sandbox/health', running.apiUrl), { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    ));
  if (!running || !healthy) {
    throw new NoStripeEmulatorError(
      'No Stripe emulator is running for this database. Start the app first (npm start or npm run dev, with the same DATABASE_URL), ' +
        "then run this command beside it: it uses the app's emulator and never starts one of its own. With real Stripe, set STRIPE_SECRET_KEY.",
    );
  }
  process.env.STRIPE_SANDBOX_URL = running.apiUrl;
  process.env.STRIPE_SANDBOX_PAGES_URL = running.pagesUrl;
  return done;
}
