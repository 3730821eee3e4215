// The billing sandbox as a process: `npm start` and `npm run dev` run it when STRIPE_SECRET_KEY
// is unset (scripts/run.ts). Reads DATABASE_URL, STRIPE_SANDBOX_PORT, STRIPE_WEBHOOK_SECRET and
// STRIPE_SANDBOX_WEBHOOK_URL (the console's /api/webhooks/stripe).
import { startStripeSandbox } from './server';

const port = Number(process.env.STRIPE_SANDBOX_PORT ?? 3002);
const databaseUrl = process.env.DATABASE_URL;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!databaseUrl || !webhookSecret) {
  console.error('billing sandbox: DATABASE_URL and STRIPE_WEBHOOK_SECRET are required (scripts/run.ts sets them)');
  process.exit(2);
}
const sandbox = await startStripeSandbox({
  port,
  host: process.env.STRIPE_SANDBOX_HOST ?? '127.0.0.1',
  databaseUrl,
  webhookUrl: process.env.STRIPE_SANDBOX_WEBHOOK_URL ?? null,
  webhookSecret,
});
console.log(`Billing sandbox (test mode, no real payments) on ${sandbox.url}`);

async function shutdown(): Promise<void> {
  await sandbox.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
