// Deleting an account is refused while money is owed: here an invoice Stripe gave up on
// (uncollectible). The refusal says what is owed and links to the billing page; the account, its
// sign-in and its keys stay.
import { expect, test } from '@playwright/test';
import pg from 'pg';

import { PASSWORD, signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { API_PORT } from '../helpers/ports';

/** An uncollectible invoice for the account of `email`, as the Stripe webhook would leave it. */
async function addUncollectibleInvoice(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "Invoice" (id, "accountId", month, sequence, status, "amountMicros", "amountCents")
       SELECT gen_random_uuid()::text, "accountId", '2026-10', 1, 'uncollectible', 600000, 60 FROM "User" WHERE email = $1`,
      [email.toLowerCase()],
    );
  } finally {
    await client.end();
  }
}

test('refuses to delete an account with an uncollectible invoice and links to billing', async ({ page, request }) => {
  const email = await signUp(page);
  const key = await createKey(page, 'kept');
  await addUncollectibleInvoice(email);

  await page.goto('/settings');
  const deletion = page.getByRole('region', { name: 'Delete account' });
  await deletion.getByLabel('Type "delete my account" to confirm').fill('delete my account');
  await deletion.getByLabel('Current password').fill(PASSWORD);
  await deletion.getByRole('button', { name: 'Delete account' }).click();
  // The refusal names the amount owed and a way to pay it.
  await expect(deletion.getByRole('status')).toHaveText(
    'Your account owes $0.60, which could not be charged. Pay it, then delete the account.',
  );
  // The invoice's page (the close before deletion gave the row a Stripe invoice), or /billing.
  const toPay = deletion.getByRole('link', { name: 'Pay what is owed' });
  await expect(toPay).toHaveAttribute('href', /\/billing(\/invoices\/[^/]+)?$/);

  const verify = await request.get(`http://localhost:${API_PORT}/v1/account/verify`, { headers: { 'X-API-Key': key } });
  expect(verify.status()).toBe(200);
});
