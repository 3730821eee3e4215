// The Stripe emulator as a process: `npm start` and `npm run dev` run it when STRIPE_SECRET_KEY
// is unset (scripts/run.ts sets every variable below). While it runs it registers its addresses
// under .data/stripe-emulator/ (runtime.ts), where the operator command line finds it.
//   DATABASE_URL, STRIPE_WEBHOOK_SECRET, STRIPE_SANDBOX_WEBHOOK_URL (the console's /api/webhooks/stripe),
//   STRIPE_SANDBOX_PORT (REST API), STRIPE_SANDBOX_PAGES_PORT (hosted pages), STRIPE_SANDBOX_HOST,
//   STRIPE_SANDBOX_PAGES_URL (the pages' public address), STRIPE_SANDBOX_SECRET_KEY, STRIPE_SANDBOX_CONTROL_TOKEN
import { registerRunningStripeEmulator } from './runtime';
import { startStripeEmulator } from './server';

const env = process.env;
const required = [
  'DATABASE_URL',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_SANDBOX_SECRET_KEY',
  'STRIPE_SANDBOX_CONTROL_TOKEN',
] as const;
const missing = required.filter((name) => !env[name]);
if (missing.length) {
  console.error(`Stripe emulator: ${missing.join(', ')} must be set (scripts/run.ts sets them)`);
  process.exit(2);
}
const emulator = await startStripeEmulator({
  port: Number(env.STRIPE_SANDBOX_PORT ?? 3002),
  pagesPort: Number(env.STRIPE_SANDBOX_PAGES_PORT ?? 3003),
  host: env.STRIPE_SANDBOX_HOST ?? '127.0.0.1',
  pagesPublicUrl: env.STRIPE_SANDBOX_PAGES_URL || undefined,
  databaseUrl: env.DATABASE_URL!,
  webhookUrl: env.STRIPE_SANDBOX_WEBHOOK_URL ?? null,
  webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
  secretKey: env.STRIPE_SANDBOX_SECRET_KEY!,
  controlToken: env.STRIPE_SANDBOX_CONTROL_TOKEN!,
});
const unregister = registerRunningStripeEmulator(env.DATABASE_URL!, {
  pid: process.pid,
  apiUrl: emulator.url,
  pagesUrl: emulator.pagesUrl,
});
console.log(`Stripe emulator (test mode, no real payments): API ${emulator.url}, hosted pages ${emulator.pagesUrl}`);

async function shutdown(): Promise<void> {
  unregister();
  await emulator.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
process.on('exit', unregister);
