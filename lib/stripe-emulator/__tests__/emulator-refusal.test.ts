// A production configuration never runs the Stripe emulator by omission: with an operator's
// DATABASE_URL and no STRIPE_SECRET_KEY, scripts/run.ts refuses to start unless
// BILLING_SANDBOX=true asks for the emulator.
import { describe, expect, it } from 'vitest';

import { runScript } from '@/lib/testing/run-script';

import { stripeEmulatorRefusal } from '@/lib/stripe-emulator/emulator-refusal';

/** An operator's database (never reached: the refusal comes first) and no Stripe key. */
const operatorWithoutStripe = {
  DATABASE_URL: 'postgresql://app@db.invalid:5432/app',
  EMBEDDED_DATABASE_URL: '',
  STRIPE_SECRET_KEY: '',
  BILLING_SANDBOX: '',
};

describe('Stripe emulator in production', () => {
  it.each([
    [
      "an operator's database, no key",
      { stripeSecretKey: undefined, billingSandbox: undefined, embeddedDatabase: false },
      true,
    ],
    [
      "an operator's database, no key, BILLING_SANDBOX=false",
      { stripeSecretKey: undefined, billingSandbox: 'false', embeddedDatabase: false },
      true,
    ],
    [
      "an operator's database, no key, BILLING_SANDBOX=true",
      { stripeSecretKey: undefined, billingSandbox: 'true', embeddedDatabase: false },
      false,
    ],
    [
      "an operator's database and a Stripe key",
      { stripeSecretKey: 'sk_live_x', billingSandbox: undefined, embeddedDatabase: false },
      false,
    ],
    [
      'the embedded database, no key',
      { stripeSecretKey: undefined, billingSandbox: undefined, embeddedDatabase: true },
      false,
    ],
  ])('with %s, refuses: %s', (_, options, refused) => {
    expect(stripeEmulatorRefusal(options) !== null).toBe(refused);
  });

  it.each(['start', 'dev'])(
    '`scripts/run.ts %s` with DATABASE_URL and no STRIPE_SECRET_KEY exits 1 naming the way out',
    async (mode) => {
      const { code, stdout, stderr } = await runScript([mode], operatorWithoutStripe);
      expect(code).toBe(1);
      expect(stderr).toContain('Refusing to start: DATABASE_URL is set but STRIPE_SECRET_KEY is not');
      expect(stderr).toContain('BILLING_SANDBOX=true');
      // Refused before anything ran: no build, no database, no servers.
      expect(stdout).toBe('');
    },
  );

  it('runs with BILLING_SANDBOX=true', async () => {
    const command = ['exec', process.execPath, '-e', 'console.log("the command ran")'];
    // The test database, as if the operator had given it (no embedded marker).
    const operator = { ...operatorWithoutStripe, DATABASE_URL: process.env.DATABASE_URL! };
    const refused = await runScript(command, operator);
    expect(refused.code).toBe(1);
    expect(refused.stdout).not.toContain('the command ran');
    const allowed = await runScript(command, { ...operator, BILLING_SANDBOX: 'true' });
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('the command ran');
  });
});
