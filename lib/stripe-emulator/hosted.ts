// The hosted pages' listener: Checkout, the customer portal, the hosted invoice (with a card form
// for `send_invoice` invoices) and its PDF. Served apart from the REST API, on its own port.
import type http from 'node:http';
import type { Obj, EmulatorBilling } from './billing';
import { cardBehaviour } from './cards';
import { parseForm, str } from './form';
import type { EmulatorInvoices } from './invoices';
import type { ObjectLocks } from './locks';
import { checkoutClosedPage, checkoutPage, checkoutPaymentPage, invoicePage, page, portalPage } from './pages';
import { invoicePdf } from './pdf';

export function createHostedPages(billing: EmulatorBilling, invoices: EmulatorInvoices, locks: ObjectLocks) {
  const { store } = billing;
  const html = (response: http.ServerResponse, status: number, body: string) => {
    response
      .writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'x-frame-options': 'DENY',
        'referrer-policy': 'same-origin',
      })
      .end(body);
  };
  const redirect = (response: http.ServerResponse, location: string) => response.writeHead(303, { location }).end();

  async function checkout(method: string, id: string, body: string, response: http.ServerResponse): Promise<boolean> {
    const session = await store.get(id);
    if (session?.object !== 'checkout.session') return false;
    if (session.status !== 'open') {
      html(response, 410, checkoutClosedPage());
      return true;
    }
    if (method === 'GET') {
      html(response, 200, await checkoutView(session));
      return true;
    }
    const form = parseForm(body);
    const result = await locks.with([session.id, session.customer as string], () =>
      billing.completeCheckout(session.id, str(form, 'card') ?? '', str(form, 'payment_method')),
    );
    if ('declined' in result) {
      html(response, 402, await checkoutView((await store.get(session.id)) ?? session, result.declined));
      return true;
    }
    redirect(response, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id));
    return true;
  }

  /** The Checkout page: "Save card" in setup mode; in payment mode the amount, the customer's default card and a card field. */
  async function checkoutView(session: Obj, error?: string): Promise<string> {
    if (session.mode !== 'payment') return checkoutPage(session, error);
    const customer = await store.get(session.customer as string);
    const defaultId = (customer?.invoice_settings as { default_payment_method: string | null } | undefined)
      ?.default_payment_method;
    const saved = defaultId ? await store.get(defaultId) : null;
    return checkoutPaymentPage(session, saved?.customer === session.customer ? saved : null, error);
  }

  async function portal(
    method: string,
    id: string,
    action: string | undefined,
    body: string,
    response: http.ServerResponse,
  ): Promise<boolean> {
    const session = await store.get(id);
    if (session?.object !== 'billing_portal.session') return false;
    const customerId = session.customer as string;
    let message: string | undefined;
    if (method === 'POST') {
      const form = parseForm(body);
      message = await locks.with([customerId], async () => {
        const methodId = str(form, 'payment_method') ?? '';
        const owned = await store.get(methodId);
        if ((action === 'default' || action === 'remove') && owned?.customer !== customerId)
          return 'That card is not on file.';
        if (action === 'default') {
          await billing.setDefaultPaymentMethod(customerId, methodId);
          return 'Default card changed.';
        }
        if (action === 'remove') {
          await billing.detachPaymentMethod(methodId);
          return 'Card removed.';
        }
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
    html(response, 200, portalPage(session, methods, defaultId, message));
    return true;
  }

  async function invoice(
    method: string,
    id: string,
    view: string | undefined,
    body: string,
    response: http.ServerResponse,
  ): Promise<boolean> {
    const found = await store.get(id);
    if (found?.object !== 'invoice' || found.status === 'draft') return false;
    if (view === '/pdf' && method === 'GET') {
      const pdf = await invoicePdf(found, billing.clock.now());
      response
        .writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="${found.number ?? found.id}.pdf"`,
        })
        .end(pdf);
      return true;
    }
    if (view) return false;
    if (method === 'GET') {
      html(response, 200, invoicePage(found));
      return true;
    }
    // The customer pays by card on the hosted page (a card used once, not saved as the default).
    const card = str(parseForm(body), 'card') ?? '';
    const behaviour = cardBehaviour(card);
    if (!behaviour || behaviour === 'setup_declined') {
      html(response, 402, invoicePage(found, 'Your card was declined.'));
      return true;
    }
    const outcome = await locks.with([found.id], async () => {
      const method = await billing.attachCard(found.customer as string, card, behaviour);
      // On the page the customer is there to authenticate (3D Secure), unlike an off-session charge.
      return invoices.pay(found.id, { payment_method: method.id }, { onSession: true }).then(
        () => null,
        (error: Error) => error.message,
      );
    });
    const latest = (await store.get(found.id))!;
    html(response, outcome ? 402 : 200, invoicePage(latest, outcome ?? undefined));
    return true;
  }

  /** Serves a hosted page; false when nothing is at that path. */
  return async function hostedPage(
    method: string,
    path: string,
    body: string,
    response: http.ServerResponse,
  ): Promise<boolean> {
    let match = /^\/checkout\/([^/]+)$/.exec(path);
    if (match) return checkout(method, match[1]!, body, response);
    match = /^\/portal\/([^/]+)(?:\/(add|default|remove))?$/.exec(path);
    if (match) return portal(method, match[1]!, match[2], body, response);
    match = /^\/invoices\/([^/]+)(\/pdf)?$/.exec(path);
    if (match) return invoice(method, match[1]!, match[2], body, response);
    return false;
  };
}

export const notFoundPage = () => page('Not found', '<h1>Not found</h1><p>Nothing is at this address.</p>');
export const refusedPage = (reason: string) =>
  page('Refused', `<h1>Request refused</h1><p>${reason.replace(/[&<>"']/g, '')}</p>`);
