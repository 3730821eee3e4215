// The sandbox's REST API in Stripe's wire format: routes for the calls the product makes, with
// Stripe's authentication, list envelopes, `expand[]` and Idempotency-Key semantics.
import { createHash } from 'node:crypto';
import type { SandboxBilling } from './billing';
import { invalidRequest, StripeApiError } from './errors';
import { publicView, type Events } from './events';
import { list, record, str, type FormValue } from './form';
import type { SandboxStore, StripeObject } from './store';

type Params = Record<string, FormValue>;
type Handler = (match: string[], params: Params) => Promise<unknown>;
export type ApiAnswer = { status: number; body: unknown; replayed?: boolean };

// Fields `expand[]` may name, and the type of object each holds the id of.
const expandable: Record<string, string> = { setup_intent: 'setup_intent', payment_method: 'payment_method', customer: 'customer', latest_charge: 'charge', charge: 'charge', payment_intent: 'payment_intent', default_payment_method: 'payment_method' };

export function createApi(store: SandboxStore, billing: SandboxBilling, events: Events) {
  const listOf = (url: string, items: StripeObject[], params: Params) => {
    const limit = Math.min(100, Math.max(1, Number(str(params, 'limit') ?? 10)));
    const after = str(params, 'starting_after');
    const start = after ? items.findIndex((i) => i.id === after) + 1 : 0;
    const page = items.slice(start, start + limit);
    return { object: 'list', data: page.map(publicView), has_more: start + limit < items.length, url };
  };
  const customerObjects = async (type: string, params: Params, where?: (o: StripeObject) => boolean) =>
    store.list(type, { customer: str(params, 'customer'), where });

  const routes: [string, RegExp, Handler][] = [
    ['POST', /^\/v1\/customers$/, (_m, p) => billing.createCustomer({ email: str(p, 'email'), name: str(p, 'name'), metadata: record(p, 'metadata') })],
    ['GET', /^\/v1\/customers\/([^/]+)$/, ([id]) => billing.require(id!, 'customer')],
    ['POST', /^\/v1\/customers\/([^/]+)$/, async ([id], p) => {
      const customer = await billing.require(id!, 'customer');
      const settings = p.invoice_settings as Params | undefined;
      const methodId = settings ? str(settings, 'default_payment_method') : undefined;
      if (methodId) {
        const method = await billing.require(methodId, 'payment_method');
        if (method.customer !== customer.id) throw invalidRequest(`The payment method ${methodId} is not attached to this customer.`, 'invoice_settings[default_payment_method]');
      }
      return billing.update(customer, {
        ...(str(p, 'email') ? { email: str(p, 'email') } : {}),
        ...(str(p, 'name') ? { name: str(p, 'name') } : {}),
        ...(p.metadata ? { metadata: { ...(customer.metadata as object), ...record(p, 'metadata') } } : {}),
        ...(settings ? { invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: methodId ?? null } } : {}),
      }, 'customer.updated');
    }],
    ['DELETE', /^\/v1\/customers\/([^/]+)$/, ([id]) => billing.deleteCustomer(id!)],
    ['GET', /^\/v1\/customers\/([^/]+)\/payment_methods$/, async ([id], p) =>
      listOf(`/v1/customers/${id}/payment_methods`, await store.list('payment_method', { customer: id }), p)],
    ['POST', /^\/v1\/checkout\/sessions$/, (_m, p) => billing.createCheckoutSession({
      customer: str(p, 'customer') ?? '', success_url: str(p, 'success_url') ?? '', cancel_url: str(p, 'cancel_url'),
      metadata: record(p, 'metadata'), mode: str(p, 'mode') ?? '', currency: str(p, 'currency'),
    })],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, ([id]) => billing.require(id!, 'checkout.session')],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, ([id]) => billing.require(id!, 'setup_intent')],
    ['GET', /^\/v1\/payment_methods$/, async (_m, p) => listOf('/v1/payment_methods', await customerObjects('payment_method', p), p)],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, ([id]) => billing.require(id!, 'payment_method')],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, ([id]) => billing.detachPaymentMethod(id!)],
    ['POST', /^\/v1\/billing_portal\/sessions$/, async (_m, p) => {
      const customer = await billing.require(str(p, 'customer') ?? '', 'customer');
      return billing.createPortalSession(customer.id, str(p, 'return_url') ?? null);
    }],
    ['POST', /^\/v1\/invoices$/, (_m, p) => billing.createInvoice({
      customer: str(p, 'customer') ?? '', metadata: record(p, 'metadata'), description: str(p, 'description'),
      auto_advance: str(p, 'auto_advance') === 'true', default_payment_method: str(p, 'default_payment_method'),
    })],
    ['GET', /^\/v1\/invoices$/, async (_m, p) =>
      listOf('/v1/invoices', await customerObjects('invoice', p, (i) => !str(p, 'status') || i.status === str(p, 'status')), p)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, ([id]) => billing.require(id!, 'invoice')],
    ['POST', /^\/v1\/invoices\/([^/]+)$/, async ([id], p) => {
      const invoice = await billing.require(id!, 'invoice');
      return billing.update(invoice, { ...(p.metadata ? { metadata: { ...(invoice.metadata as object), ...record(p, 'metadata') } } : {}), ...(str(p, 'description') ? { description: str(p, 'description') } : {}) }, 'invoice.updated');
    }],
    ['GET', /^\/v1\/invoices\/([^/]+)\/lines$/, async ([id], p) => {
      const invoice = await billing.require(id!, 'invoice');
      return listOf(`/v1/invoices/${id}/lines`, (invoice.lines as { data: StripeObject[] }).data, p);
    }],
    ['POST', /^\/v1\/invoices\/([^/]+)\/finalize$/, ([id]) => billing.finalizeInvoice(id!)],
    ['POST', /^\/v1\/invoices\/([^/]+)\/pay$/, ([id], p) => billing.payInvoice(id!, str(p, 'payment_method'))],
    ['POST', /^\/v1\/invoices\/([^/]+)\/void$/, ([id]) => billing.voidInvoice(id!)],
    ['POST', /^\/v1\/invoices\/([^/]+)\/mark_uncollectible$/, ([id]) => billing.markUncollectible(id!)],
    ['POST', /^\/v1\/invoiceitems$/, (_m, p) => billing.addInvoiceItem({
      customer: str(p, 'customer') ?? '', invoice: str(p, 'invoice'), amount: Number(str(p, 'amount') ?? NaN),
      description: str(p, 'description'), metadata: record(p, 'metadata'),
    })],
    ['GET', /^\/v1\/invoiceitems$/, async (_m, p) =>
      listOf('/v1/invoiceitems', await customerObjects('invoiceitem', p, (i) => !str(p, 'invoice') || i.invoice === str(p, 'invoice')), p)],
    ['GET', /^\/v1\/charges\/([^/]+)$/, ([id]) => billing.require(id!, 'charge')],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, ([id]) => billing.require(id!, 'payment_intent')],
    ['GET', /^\/v1\/disputes\/([^/]+)$/, ([id]) => billing.require(id!, 'dispute')],
    ['GET', /^\/v1\/events$/, async (_m, p) => listOf('/v1/events', await store.list('event', { where: (e) => !str(p, 'type') || e.type === str(p, 'type') }), p)],
    ['GET', /^\/v1\/events\/([^/]+)$/, ([id]) => billing.require(id!, 'event')],
  ];

  async function expand(object: unknown, fields: string[]): Promise<unknown> {
    if (!object || typeof object !== 'object' || !('object' in object)) return object;
    const out: Record<string, unknown> = publicView(object as StripeObject);
    for (const field of fields) {
      const id = out[field];
      if (typeof id === 'string' && expandable[field]) out[field] = publicView((await store.get(id)) ?? ({ id } as StripeObject));
    }
    return out;
  }

  /** Answers one API request; POSTs with an Idempotency-Key replay their first answer. */
  async function handle(method: string, path: string, params: Params, idempotencyKey: string | null): Promise<ApiAnswer> {
    if (method === 'POST' && idempotencyKey) {
      const fingerprint = createHash('sha256').update(`${method} ${path} ${JSON.stringify(params)}`).digest('hex');
      const { rows } = await store.pool.query('SELECT fingerprint, status, body FROM stripe_sandbox.idempotency WHERE key = $1', [idempotencyKey]);
      if (rows[0]) {
        if (rows[0].fingerprint !== fingerprint) {
          return { status: 400, body: { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` } } };
        }
        return { status: rows[0].status, body: rows[0].body, replayed: true };
      }
      const answer = await route(method, path, params);
      // Stripe keeps 5xx answers out of the idempotency record; so does the sandbox.
      if (answer.status < 500) {
        await store.pool.query('INSERT INTO stripe_sandbox.idempotency (key, fingerprint, status, body) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [idempotencyKey, fingerprint, answer.status, JSON.stringify(answer.body)]);
      }
      return answer;
    }
    return route(method, path, params);
  }

  async function route(method: string, path: string, params: Params): Promise<ApiAnswer> {
    const found = routes.find(([m, pattern]) => m === method && pattern.test(path));
    if (!found) {
      return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}). The billing sandbox implements the calls the product makes.` } } };
    }
    try {
      const result = await found[2](found[1].exec(path)!.slice(1), params);
      return { status: 200, body: await expand(result, list(params, 'expand')) };
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } };
      console.error('billing sandbox: request failed', error);
      return { status: 500, body: { error: { type: 'api_error', message: 'The billing sandbox failed; see its log.' } } };
    }
  }

  return { handle, events };
}
