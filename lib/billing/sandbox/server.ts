// The billing sandbox: a local stand-in for Stripe used whenever STRIPE_SECRET_KEY is unset.
// It speaks Stripe's REST wire format for the calls the product makes (api.ts), so the
// stripe SDK reaches it through its own host/port/protocol options and product code cannot
// tell it from Stripe; it hosts Checkout, the portal and invoices (pages.ts), charges with
// Stripe's test cards (cards.ts) and signs its webhooks as Stripe does (events.ts).
import http from 'node:http';
import pg from 'pg';
import { createApi } from './api';
import { SandboxBilling } from './billing';
import { cardBehaviour } from './cards';
import { StripeApiError } from './errors';
import { Events } from './events';
import { parseForm, str } from './form';
import { checkoutClosedPage, checkoutPage, invoicePage, invoicePdf, portalPage } from './pages';
import { SandboxStore } from './store';

export interface StripeSandboxOptions {
  port: number;
  host?: string;
  databaseUrl: string;
  /** Where events are POSTed (the app's /api/webhooks/stripe); null: none are sent. */
  webhookUrl: string | null;
  webhookSecret: string;
  /** The sandbox's address as browsers reach it (hosted pages); default http://localhost:<port>. */
  publicUrl?: string;
}

export interface StripeSandbox {
  url: string;
  billing: SandboxBilling;
  flushWebhooks(): Promise<number>;
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 1_000_000) request.destroy(new Error('body too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  const store = new SandboxStore(pool);
  await store.migrate();
  const events = new Events(store, { url: options.webhookUrl, secret: options.webhookSecret });
  // Made once the port is known (port 0 picks one): the hosted pages' addresses name it.
  let billing!: SandboxBilling;
  let api!: ReturnType<typeof createApi>;
  // One change at a time: Stripe's objects change atomically, and so must the sandbox's.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => {});
    return run;
  };

  const html = (response: http.ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  };
  const redirect = (response: http.ServerResponse, location: string) => response.writeHead(303, { location }).end();

  async function hostedPage(method: string, path: string, body: string, response: http.ServerResponse): Promise<boolean> {
    const form = parseForm(body);
    let match = /^\/checkout\/([^/]+)$/.exec(path);
    if (match) {
      const session = await store.get(match[1]!);
      if (!session || session.object !== 'checkout.session') return false;
      if (session.status !== 'open') return void html(response, 410, checkoutClosedPage()), true;
      if (method === 'GET') return void html(response, 200, checkoutPage(session)), true;
      const result = await serially(() => billing.completeCheckout(session.id, str(form, 'card') ?? ''));
      if ('declined' in result) return void html(response, 402, checkoutPage(session, result.declined)), true;
      return void redirect(response, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id)), true;
    }
    match = /^\/portal\/([^/]+)(?:\/(add|default|remove))?$/.exec(path);
    if (match) {
      const session = await store.get(match[1]!);
      if (!session || session.object !== 'billing_portal.session') return false;
      const customerId = session.customer as string;
      let message: string | undefined;
      if (method === 'POST') {
        message = await serially(async () => {
          const methodId = str(form, 'payment_method') ?? '';
          if (match![2] === 'default') return void (await billing.setDefaultPaymentMethod(customerId, methodId)), 'Default card changed.';
          if (match![2] === 'remove') return void (await billing.detachPaymentMethod(methodId)), 'Card removed.';
          const behaviour = cardBehaviour(str(form, 'card') ?? '');
          if (!behaviour || behaviour === 'setup_declined') return 'Your card was declined.';
          const added = await billing.attachCard(customerId, str(form, 'card')!, behaviour);
          await billing.setDefaultPaymentMethod(customerId, added.id);
          return 'Card saved and made the default.';
        });
      }
      const customer = await billing.require(customerId, 'customer');
      const methods = await store.list('payment_method', { customer: customerId });
      const defaultId = (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
      return void html(response, 200, portalPage(session, methods, defaultId, message)), true;
    }
    match = /^\/invoices\/([^/]+)(\/pdf)?$/.exec(path);
    if (match && method === 'GET') {
      const invoice = await store.get(match[1]!);
      if (!invoice || invoice.object !== 'invoice') return false;
      if (!match[2]) return void html(response, 200, invoicePage(invoice)), true;
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${invoice.number ?? invoice.id}.pdf"` }).end(invoicePdf(invoice));
      return true;
    }
    return false;
  }

  async function sandboxControl(path: string, body: string): Promise<unknown> {
    const form = parseForm(body);
    if (path === '/_sandbox/webhooks/flush') return { pending: await events.flush() };
    let match = /^\/_sandbox\/checkout\/([^/]+)\/complete$/.exec(path);
    if (match) return serially(() => billing.completeCheckout(match![1]!, str(form, 'card') ?? ''));
    if (path === '/_sandbox/disputes') {
      return serially(async () => {
        let charge = str(form, 'charge');
        const invoiceId = str(form, 'invoice');
        if (!charge && invoiceId) {
          const invoice = await billing.require(invoiceId, 'invoice');
          const intent = (invoice.payments as { data: { payment: { payment_intent: string } }[] }).data[0]?.payment.payment_intent;
          charge = intent ? ((await store.get(intent))?.latest_charge as string | undefined) : undefined;
        }
        return billing.openDispute(charge ?? '');
      });
    }
    match = /^\/_sandbox\/disputes\/([^/]+)\/close$/.exec(path);
    if (match) return serially(() => billing.closeDispute(match![1]!, str(form, 'status') === 'won' ? 'won' : 'lost'));
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `No sandbox control at ${path}` });
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox.local');
    const method = request.method ?? 'GET';
    try {
      const body = method === 'GET' || method === 'DELETE' ? '' : await readBody(request);
      if (url.pathname === '/_sandbox/health') return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      if (url.pathname.startsWith('/_sandbox/')) {
        const result = await sandboxControl(url.pathname, body);
        return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
      }
      if (!url.pathname.startsWith('/v1/')) {
        if (await hostedPage(method, url.pathname, body, response)) return;
        return void html(response, 404, '<!doctype html><title>Not found</title><p>Not found.</p>');
      }
      const auth = request.headers.authorization ?? '';
      if (!/^Bearer sk_test_\S+$/.test(auth)) {
        return void response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided: the billing sandbox takes any sk_test_ key as a Bearer token.' } }));
      }
      const params = parseForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body);
      const key = request.headers['idempotency-key'];
      const answer = await (method === 'GET' ? api.handle(method, url.pathname, params, null) : serially(() => api.handle(method, url.pathname, params, typeof key === 'string' ? key : null)));
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_sandbox_${Date.now().toString(36)}`,
        'stripe-version': '2026-10-28.endive',
        ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
      }).end(JSON.stringify(answer.body));
    } catch (error) {
      const status = error instanceof StripeApiError ? error.status : 500;
      if (status === 500) console.error('billing sandbox: request failed', error);
      const body = error instanceof StripeApiError ? { error: error.body } : { error: { type: 'api_error', message: 'The billing sandbox failed; see its log.' } };
      if (!response.headersSent) response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  billing = new SandboxBilling(store, events, options.publicUrl ?? `http://localhost:${port}`);
  api = createApi(store, billing, events);
  // The events kept waiting by a restart are sent now.
  events.kick();
  return {
    url: `http://localhost:${port}`,
    billing,
    flushWebhooks: () => events.flush(),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await events.close();
      await pool.end();
    },
  };
}
