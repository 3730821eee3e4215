// Held to Stripe's published contract: the emulator's routes are operations of the vendored part of
// Stripe's OpenAPI description, their parameters are checked against it on every request, and in
// tests every answer is checked against the declared response schema (a mismatch answers 500,
// so the product's billing tests fail on it too).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkParams } from '../openapi/params';
import { checkResponse } from '../openapi/responses';
import { operationById, vendoredSpec } from '../openapi/spec';
import { validate } from '../openapi/validate';

// The route modules, one per Stripe resource (routes/), each naming its operations.
const routesDir = new URL('../routes/', import.meta.url);
const routeOperations = readdirSync(routesDir)
  .flatMap((file) => [...readFileSync(new URL(file, routesDir), 'utf8').matchAll(/operation: '(\w+)'/g)])
  .map((m) => m[1]!);

describe("Stripe's OpenAPI description, vendored", () => {
  test('every route of the emulator is an operation of the vendored description, with its method and path', () => {
    expect(routeOperations.length).toBeGreaterThan(25);
    for (const id of routeOperations) {
      const operation = operationById(id);
      expect(operation, id).toBeDefined();
      expect(id.toLowerCase().startsWith(operation!.method)).toBe(true);
    }
  });

  test('every schema it names is vendored or listed as left out', () => {
    const spec = vendoredSpec();
    const names = new Set([...Object.keys(spec.components.schemas), ...spec['x-not-vendored']]);
    const refs = [...JSON.stringify(spec).matchAll(/#\/components\/schemas\/([\w.]+)/g)].map((m) => m[1]!);
    expect(refs.filter((r) => !names.has(r))).toEqual([]);
    expect(spec.components.schemas.invoice!.required).toContain('amount_paid_off_stripe');
  });

  test('parameters are checked against the operation: unknown, missing, mistyped', () => {
    expect(() =>
      checkParams('PostInvoices', {
        customer: 'cus_1',
        collection_method: 'send_invoice',
        days_until_due: '30',
        metadata: { month: '2026-10' },
      }),
    ).not.toThrow();
    expect(() => checkParams('PostInvoices', { customer: 'cus_1', paid: 'true' })).toThrow(
      'Received unknown parameter: paid',
    );
    expect(() => checkParams('PostInvoices', { customer: 'cus_1', days_until_due: 'thirty' })).toThrow(
      'Invalid integer: thirty',
    );
    expect(() => checkParams('PostInvoiceitems', { amount: '100' })).toThrow('Missing required param: customer.');
    expect(() => checkParams('GetInvoicesInvoice', { expand: ['payments'] })).not.toThrow();
  });

  test('an answer outside the declared schema is caught: a field Stripe removed, a wrong type, a missing required field', () => {
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      amount_due: 100,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_paid_off_stripe: 0,
      amount_remaining: 100,
      amount_shipping: 0,
      attempt_count: 0,
      attempted: false,
      auto_advance: false,
      automatic_tax: {},
      collection_method: 'charge_automatically',
      created: 1,
      currency: 'usd',
      customer: 'cus_1',
      default_tax_rates: [],
      discounts: [],
      issuer: { type: 'self' },
      livemode: false,
      lines: { object: 'list', data: [], has_more: false, url: '/v1/invoices/in_1/lines' },
      payment_settings: {},
      period_end: 1,
      period_start: 1,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      starting_balance: 0,
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: 100,
      total: 100,
    };
    expect(checkResponse('GetInvoicesInvoice', 'GET', '/v1/invoices/in_1', 200, invoice)).toBeNull();
    expect(
      checkResponse('GetInvoicesInvoice', 'GET', '/v1/invoices/in_1', 200, { ...invoice, paid: true })!.problem,
    ).toBe("$.paid: not a property of this object in Stripe's schema");
    expect(
      checkResponse('GetInvoicesInvoice', 'GET', '/v1/invoices/in_1', 200, { ...invoice, attempt_count: '1' })!.problem,
    ).toMatch(/attempt_count: expected an integer/);
    const { total: _total, ...withoutTotal } = invoice;
    expect(checkResponse('GetInvoicesInvoice', 'GET', '/v1/invoices/in_1', 200, withoutTotal)!.problem).toBe(
      '$.total: required, missing',
    );
    expect(
      checkResponse('PostInvoicesInvoicePay', 'POST', '/v1/invoices/in_1/pay', 429, {
        error: { type: 'invalid_request_error', code: 'lock_timeout', message: 'x' },
      }),
    ).toBeNull();
    expect(
      checkResponse('PostInvoicesInvoicePay', 'POST', '/v1/invoices/in_1/pay', 429, {
        error: { type: 'rate_limit_error', message: 'x' },
      }),
    ).not.toBeNull();
  });

  test('expanded fields validate as the object the schema allows in place of the id', () => {
    const context = {
      schemas: vendoredSpec().components.schemas,
      notVendored: new Set(vendoredSpec()['x-not-vendored']),
    };
    expect(
      validate(
        { id: 'cus_1', object: 'customer', deleted: true },
        { $ref: '#/components/schemas/deleted_customer' },
        context,
      ),
    ).toBeNull();
    expect(
      validate({ id: 'cus_1', object: 'customer' }, { $ref: '#/components/schemas/deleted_customer' }, context),
    ).toBe('$.deleted: required, missing');
  });
});
