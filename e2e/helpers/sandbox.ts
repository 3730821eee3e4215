// The billing sandbox's /_sandbox/* test controls, from the browser tests: the server that
// playwright.config.ts starts gets the same control token through STRIPE_SANDBOX_CONTROL_TOKEN
// (made here once per run and inherited by the test workers through the environment).
import { randomBytes } from 'node:crypto';

import { STRIPE_SANDBOX_PORT } from './ports';

/** The run's control token: from the environment, else made now and put there for the workers. */
export function sandboxControlToken(): string {
  process.env.STRIPE_SANDBOX_CONTROL_TOKEN ||= randomBytes(24).toString('base64url');
  return process.env.STRIPE_SANDBOX_CONTROL_TOKEN;
}

/** POSTs a sandbox control (e.g. `/_sandbox/clock/advance`, `{ seconds: '86400' }`) and returns its JSON. */
export async function sandboxControl(path: string, form: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(`http://localhost:${STRIPE_SANDBOX_PORT}${path}`, {
    method: 'POST',
    headers: { 'x-sandbox-control-token': sandboxControlToken() },
    body: new URLSearchParams(form),
  });
  const body = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}
