// The ports the browser tests serve on (playwright.config.ts starts the servers on them).
// E2E_PORT_BASE moves them all, so two checkouts can run their browser tests side by side.
const base = Number(process.env.E2E_PORT_BASE ?? 3100);

/** The console (Next), which also mounts /v1 for the explorer's same-origin calls. */
export const CONSOLE_PORT = base;
/** The API server (lib/api/process), where production /v1 traffic goes. */
export const API_PORT = base + 1;
/** The fake GitHub (e2e/fakes/github.ts). */
export const GITHUB_PORT = base + 90;
/** The Stripe emulator's REST API (lib/stripe-emulator), which `scripts/run.ts start` runs on API_PORT + 1. */
export const STRIPE_SANDBOX_PORT = base + 2;
/** The Stripe emulator's hosted pages (Checkout, portal, invoices): API_PORT + 2. */
export const STRIPE_SANDBOX_PAGES_PORT = base + 3;
