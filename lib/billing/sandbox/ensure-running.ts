// For commands run outside `npm start` (the operator command line): reach the billing sandbox
// `npm start` runs, or start one in this process for as long as the command runs. Its state and
// undelivered webhooks live in PostgreSQL, so the running app picks them up either way.
import { startStripeSandbox } from './server';

/** Returns a function that stops what was started (nothing when a sandbox was already up). */
export async function ensureBillingSandbox(): Promise<() => Promise<void>> {
  const url = process.env.STRIPE_SANDBOX_URL;
  if (process.env.STRIPE_SECRET_KEY || !url) return async () => {};
  const healthy = await fetch(new URL('/_sandbox/health', url)).then((r) => r.ok, () => false);
  if (healthy) return async () => {};
  const sandbox = await startStripeSandbox({
    port: Number(new URL(url).port),
    databaseUrl: process.env.DATABASE_URL!,
    webhookUrl: process.env.STRIPE_SANDBOX_WEBHOOK_URL ?? null,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_unset',
  });
  return async () => {
    await sandbox.flushWebhooks();
    await sandbox.close();
  };
}
