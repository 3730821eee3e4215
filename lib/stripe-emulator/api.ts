// The sandbox's REST API in Stripe's wire format: the operations the product calls, each named by
// its operationId in Stripe's OpenAPI description (openapi/), with their parameters checked against
// it (`parameter_unknown` and friends), list envelopes, nested `expand[]`, object locks
// (`lock_timeout`), and Idempotency-Key replay that expires as Stripe's does.
import { createHash } from 'node:crypto';
import type { SandboxBilling } from './billing';
import { invalidRequest, StripeApiError } from './errors';
import { createExpander } from './expand';
import type { SandboxFaults } from './faults';
import { list, object, record, str, type FormValue } from './form';
import type { SandboxInvoices } from './invoices';
import type { ObjectLocks } from './locks';
import { checkParams } from './openapi/params';
import type { StripeObject } from './store';

type Params = Record<string, FormValue>;
type Handler = (match: string[], params: Params) => Promise<unknown>;
/**
 * One answer. `replayed`: the saved answer of an earlier request with the same Idempotency-Key
 * (header `Idempotent-Replayed: true`); `shouldRetry: false`: a 5xx that is saved under its key, so
 * a retry with that key gets it again (header `Stripe-Should-Retry: false`, which Stripe's SDKs obey).
 */
export type ApiAnswer = { status: number; body: unknown; replayed?: boolean; shouldRetry?: false };

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** The operation's id in Stripe's OpenAPI description. */
  operation: string;
  /** Ids of the objects the call changes: held locked while it runs. */
  locks?: (match: string[], params: Params) => (string | undefined)[];
  run: Handler;
}

export interface ApiOptions {
  locks: ObjectLocks;
  /** How long an idempotency key is remembered (Stripe: 24 hours). */
  idempotencyTtlSeconds: number;
  /** The account the secret key belongs to: idempotency keys are scoped to it, as Stripe scopes them. */
  account: string;
  /** Called while a changing call holds its locks (tests make races certain with it). */
  whileLocked?: (operation: string, ids: string[]) => Promise<void>;
  /** Server errors asked for by the `/_sandbox/faults` control. */
  faults: SandboxFaults;
}

const bool = (params: Params, name: string) =>
  str(params, name) === undefined ? undefined : str(params, name) === 'true';
const int = (params: Params, name: string) => (str(params, name) === undefined ? undefined : Number(str(params, name)));
/** `custom_fields[i][name]`, `custom_fields[i][value]`: the invoice's custom fields, or undefined. */
const customFields = (params: Params) => {
  const fields = Object.hasOwn(params, 'custom_fields') ? params.custom_fields : undefined;
  if (!Array.isArray(fields)) return undefined;
  return fields.flatMap((f) =>
    typeof f === 'object' && !Array.isArray(f) && typeof f.name === 'string' && typeof f.value === 'string'
      ? [{ name: f.name, value: f.value }]
      : [],
  );
};
const periodOf = (params: Params) => {
  const period = object(params, 'period');
  return period ? { start: Number(str(period, 'start')), end: Number(str(period, 'end')) } : undefined;
};

export function createApi(billing: SandboxBilling, invoices: SandboxInvoices, options: ApiOptions) {
  const { store } = billing;
  const expand = createExpander(store);
  const listOf = (url: string, items: StripeObject[], params: Params) => {
    const limit = Math.min(100, Math.max(1, int(params, 'limit') ?? 10));
    const after = str(params, 'starting_after');
    const start = after ? items.findIndex((i) => i.id === after) + 1 : 0;
    const page = items.slice(start, start + limit);
    return { object: 'list', data: page, has_more: start + limit < items.length, url };
  };
  const customerObjects = (type: string, params: Params, where?: (o: StripeObject) => boolean) =>
    store.list(type, { customer: str(params, 'customer'), where });
  const id = ([first]: string[]) => first!;

  const routes: Route[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      operation: 'PostCustomers',
      run: (_m, p) =>
        billing.createCustomer({ email: str(p, 'email'), name: str(p, 'name'), metadata: record(p, 'metadata') }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      operation: 'GetCustomersCustomer',
      run: (m) => billing.retrieveCustomer(id(m)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      operation: 'PostCustomersCustomer',
      locks: (m) => [id(m)],
      run: async (m, p) => {
        const customer = await billing.require(id(m), 'customer');
        const settings = object(p, 'invoice_settings');
        const methodId = settings ? str(settings, 'default_payment_method') : undefined;
        if (methodId) {
          const method = await billing.require(methodId, 'payment_method');
          if (method.customer !== customer.id)
            throw invalidRequest(
              `The payment method ${methodId} is not attached to this customer.`,
              'invoice_settings[default_payment_method]',
            );
        }
        return billing.update(
          customer,
          {
            ...(str(p, 'email') ? { email: str(p, 'email') } : {}),
            ...(str(p, 'name') ? { name: str(p, 'name') } : {}),
            ...(p.metadata ? { metadata: { ...(customer.metadata as object), ...record(p, 'metadata') } } : {}),
            ...(settings
              ? {
                  invoice_settings: {
                    ...(customer.invoice_settings as object),
                    default_payment_method: methodId ?? null,
                  },
                }
              : {}),
          },
          'customer.updated',
        );
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      operation: 'DeleteCustomersCustomer',
      locks: (m) => [id(m)],
      run: (m) => billing.deleteCustomer(id(m)),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      operation: 'GetCustomersCustomerPaymentMethods',
      run: async (m, p) =>
        listOf(`/v1/customers/${id(m)}/payment_methods`, await store.list('payment_method', { customer: id(m) }), p),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      operation: 'PostCheckoutSessions',
      run: (_m, p) =>
        billing.createCheckoutSession({
          customer: str(p, 'customer') ?? '',
          success_url: str(p, 'success_url') ?? '',
          cancel_url: str(p, 'cancel_url'),
          metadata: record(p, 'metadata'),
          mode: str(p, 'mode') ?? '',
          currency: str(p, 'currency'),
          client_reference_id: str(p, 'client_reference_id'),
          line_items: Object.hasOwn(p, 'line_items') ? p.line_items : undefined,
          payment_intent_data: object(p, 'payment_intent_data'),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      operation: 'GetCheckoutSessionsSession',
      run: (m) => billing.require(id(m), 'checkout.session'),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/setup_intents\/([^/]+)$/,
      operation: 'GetSetupIntentsIntent',
      run: (m) => billing.require(id(m), 'setup_intent'),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods$/,
      operation: 'GetPaymentMethods',
      run: async (_m, p) => listOf('/v1/payment_methods', await customerObjects('payment_method', p), p),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      operation: 'GetPaymentMethodsPaymentMethod',
      run: (m) => billing.require(id(m), 'payment_method'),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      operation: 'PostPaymentMethodsPaymentMethodDetach',
      locks: (m) => [id(m)],
      run: (m) => billing.detachPaymentMethod(id(m)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      operation: 'PostBillingPortalSessions',
      run: async (_m, p) => {
        const customer = await billing.require(str(p, 'customer') ?? '', 'customer');
        return billing.createPortalSession(customer.id, str(p, 'return_url') ?? null);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices$/,
      operation: 'PostInvoices',
      run: (_m, p) =>
        invoices.create({
          customer: str(p, 'customer') ?? '',
          metadata: record(p, 'metadata'),
          description: str(p, 'description'),
          footer: str(p, 'footer'),
          custom_fields: customFields(p),
          auto_advance: bool(p, 'auto_advance'),
          default_payment_method: str(p, 'default_payment_method'),
          collection_method: str(p, 'collection_method'),
          days_until_due: int(p, 'days_until_due'),
          due_date: int(p, 'due_date'),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices$/,
      operation: 'GetInvoices',
      run: async (_m, p) =>
        listOf(
          '/v1/invoices',
          await customerObjects('invoice', p, (i) => !str(p, 'status') || i.status === str(p, 'status')),
          p,
        ),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices\/([^/]+)$/,
      operation: 'GetInvoicesInvoice',
      run: (m) => billing.require(id(m), 'invoice'),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)$/,
      operation: 'PostInvoicesInvoice',
      locks: (m) => [id(m)],
      run: (m, p) =>
        invoices.update(id(m), {
          metadata: p.metadata ? record(p, 'metadata') : undefined,
          description: str(p, 'description'),
          collection_method: str(p, 'collection_method'),
          days_until_due: int(p, 'days_until_due'),
          due_date: int(p, 'due_date'),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices\/([^/]+)\/lines$/,
      operation: 'GetInvoicesInvoiceLines',
      run: async (m, p) =>
        listOf(
          `/v1/invoices/${id(m)}/lines`,
          ((await billing.require(id(m), 'invoice')).lines as { data: StripeObject[] }).data,
          p,
        ),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/finalize$/,
      operation: 'PostInvoicesInvoiceFinalize',
      locks: (m) => [id(m)],
      run: (m) => invoices.finalize(id(m)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/pay$/,
      operation: 'PostInvoicesInvoicePay',
      locks: (m) => [id(m)],
      run: (m, p) =>
        invoices.pay(id(m), {
          payment_method: str(p, 'payment_method'),
          paid_out_of_band: bool(p, 'paid_out_of_band'),
        }),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/send$/,
      operation: 'PostInvoicesInvoiceSend',
      locks: (m) => [id(m)],
      run: (m) => invoices.send(id(m)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/void$/,
      operation: 'PostInvoicesInvoiceVoid',
      locks: (m) => [id(m)],
      run: (m) => invoices.void(id(m)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/mark_uncollectible$/,
      operation: 'PostInvoicesInvoiceMarkUncollectible',
      locks: (m) => [id(m)],
      run: (m) => invoices.markUncollectible(id(m)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoiceitems$/,
      operation: 'PostInvoiceitems',
      locks: (_m, p) => [str(p, 'invoice')],
      run: (_m, p) =>
        invoices.addItem({
          customer: str(p, 'customer') ?? '',
          invoice: str(p, 'invoice'),
          amount: Number(str(p, 'amount') ?? NaN),
          description: str(p, 'description'),
          metadata: record(p, 'metadata'),
          period: periodOf(p),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoiceitems$/,
      operation: 'GetInvoiceitems',
      run: async (_m, p) =>
        listOf(
          '/v1/invoiceitems',
          await customerObjects('invoiceitem', p, (i) => !str(p, 'invoice') || i.invoice === str(p, 'invoice')),
          p,
        ),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/charges\/([^/]+)$/,
      operation: 'GetChargesCharge',
      run: (m) => billing.require(id(m), 'charge'),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents$/,
      operation: 'PostPaymentIntents',
      run: (_m, p) =>
        billing.payments.createPaymentIntent({
          amount: Number(str(p, 'amount') ?? NaN),
          currency: str(p, 'currency') ?? '',
          customer: str(p, 'customer'),
          payment_method: str(p, 'payment_method'),
          confirm: bool(p, 'confirm'),
          off_session: str(p, 'off_session'),
          capture_method: str(p, 'capture_method'),
          setup_future_usage: str(p, 'setup_future_usage'),
          error_on_requires_action: bool(p, 'error_on_requires_action'),
          receipt_email: str(p, 'receipt_email'),
          description: str(p, 'description'),
          metadata: record(p, 'metadata'),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      operation: 'GetPaymentIntentsIntent',
      run: (m) => billing.require(id(m), 'payment_intent'),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      operation: 'PostRefunds',
      locks: (_m, p) => [str(p, 'charge'), str(p, 'payment_intent')],
      run: (_m, p) =>
        billing.payments.createRefund({
          charge: str(p, 'charge'),
          payment_intent: str(p, 'payment_intent'),
          amount: int(p, 'amount'),
          reason: str(p, 'reason'),
          metadata: record(p, 'metadata'),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds$/,
      operation: 'GetRefunds',
      run: async (_m, p) =>
        listOf(
          '/v1/refunds',
          await billing.payments.listRefunds({ charge: str(p, 'charge'), payment_intent: str(p, 'payment_intent') }),
          p,
        ),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      operation: 'GetRefundsRefund',
      run: (m) => billing.require(id(m), 'refund'),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/disputes\/([^/]+)$/,
      operation: 'GetDisputesDispute',
      run: (m) => billing.require(id(m), 'dispute'),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/events$/,
      operation: 'GetEvents',
      run: async (_m, p) =>
        listOf(
          '/v1/events',
          await store.list('event', {
            account: billing.account,
            where: (e) => !str(p, 'type') || e.type === str(p, 'type'),
          }),
          p,
        ),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/events\/([^/]+)$/,
      operation: 'GetEventsId',
      run: (m) => billing.require(id(m), 'event'),
    },
  ];

  // Idempotency as Stripe documents it for API v1 (docs.stripe.com/api/idempotent_requests and
  // /idempotency): "Stripe saves the status code and body of the first request made with a given
  // idempotency key after endpoint execution begins. Retries with the same key return the saved
  // response, including 500 errors", for 24 hours; "if incoming parameters fail validation, or
  // the request conflicts with another that was executing concurrently", nothing is saved. A
  // request whose key is still executing is answered 409 `idempotency_key_in_use` (Stripe's error
  // code list; the wire shape below is a real Stripe answer quoted in a stripe-go report), and
  // saves nothing: the SDKs retry a 409.
  const inFlight = new Set<string>();

  /** Answers one API request; POSTs with an Idempotency-Key replay their first answer for a day. */
  async function handle(
    method: string,
    path: string,
    params: Params,
    idempotencyKey: string | null,
  ): Promise<ApiAnswer> {
    if (method !== 'POST' || !idempotencyKey) return (await route(method, path, params)).answer;
    if (inFlight.has(idempotencyKey)) {
      return {
        status: 409,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'idempotency_key_in_use',
            message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${idempotencyKey}. Please try again later.`,
          },
        },
      };
    }
    inFlight.add(idempotencyKey);
    try {
      return await idempotent(method, path, params, idempotencyKey);
    } finally {
      inFlight.delete(idempotencyKey);
    }
  }

  async function idempotent(method: string, path: string, params: Params, key: string): Promise<ApiAnswer> {
    const fingerprint = createHash('sha256')
      .update(`${method} ${path} ${JSON.stringify(params)}`)
      .digest('hex');
    const now = billing.clock.now();
    const { rows } = await store.pool.query(
      'SELECT fingerprint, status, body FROM stripe_sandbox.idempotency_keys WHERE account = $1 AND key = $2 AND created > $3',
      [options.account, key, now - options.idempotencyTtlSeconds],
    );
    if (rows[0]) {
      if (rows[0].fingerprint !== fingerprint) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        };
      }
      const status = Number(rows[0].status);
      return { status, body: rows[0].body, replayed: true, ...(status >= 500 ? { shouldRetry: false as const } : {}) };
    }
    const { answer, began } = await route(method, path, params);
    // Saved once the endpoint began, whatever it answered (a 500 too); not a validation failure or a lock timeout.
    if (began) {
      await store.pool.query(
        `INSERT INTO stripe_sandbox.idempotency_keys (account, key, fingerprint, status, body, created) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (account, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, body = EXCLUDED.body, created = EXCLUDED.created`,
        [options.account, key, fingerprint, answer.status, JSON.stringify(answer.body), now],
      );
      if (answer.status >= 500) return { ...answer, shouldRetry: false };
    }
    return answer;
  }

  const serverError = (): ApiAnswer => ({
    status: 500,
    body: { error: { type: 'api_error', message: 'The billing sandbox failed; see its log.' } },
  });

  /** The answer, and whether the endpoint began executing (parameters valid, locks taken). */
  async function route(method: string, path: string, params: Params): Promise<{ answer: ApiAnswer; began: boolean }> {
    const found = routes.find((r) => r.method === method && r.pattern.test(path));
    if (!found) {
      return {
        began: false,
        answer: {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              message: `Unrecognized request URL (${method}: ${path}). The billing sandbox implements the calls the product makes.`,
            },
          },
        },
      };
    }
    let began = false;
    try {
      checkParams(found.operation, params);
      const match = found.pattern.exec(path)!.slice(1).map(decodeURIComponent);
      const lockIds = (found.locks?.(match, params) ?? []).filter((v): v is string => Boolean(v));
      const result = await options.locks.with(lockIds, async () => {
        began = true;
        if (options.faults.take(found.operation)) throw new InjectedFault(found.operation);
        if (lockIds.length && options.whileLocked) await options.whileLocked(found.operation, lockIds);
        return found.run(match, params);
      });
      return { began, answer: { status: 200, body: await expand(result, list(params, 'expand')) } };
    } catch (error) {
      if (error instanceof StripeApiError)
        return { began, answer: { status: error.status, body: { error: error.body } } };
      if (!(error instanceof InjectedFault)) console.error('billing sandbox: request failed', error);
      return { began, answer: serverError() };
    }
  }

  return {
    handle,
    operationOf: (method: string, path: string) =>
      routes.find((r) => r.method === method && r.pattern.test(path))?.operation,
  };
}

/** A 500 asked for through `/_sandbox/faults`. */
class InjectedFault extends Error {
  constructor(operation: string) {
    super(`a server error asked for on ${operation}`);
  }
}
