// The emulator's test controls under `/_sandbox/*` (on the API listener, behind the control token):
// what a real customer, bank or clock would do, which Stripe's API cannot be asked to do.
//   POST /_sandbox/checkout/{id}/complete  card=… | payment_method=…   the customer saves a card, or pays, in Checkout
//   POST /_sandbox/disputes                charge=… | invoice=…   the bank opens a dispute
//   POST /_sandbox/disputes/{id}/close     status=won|lost
//   POST /_sandbox/clock/advance           seconds=…    time passes (due dates, retries, key expiry)
//   GET  /_sandbox/clock                                the emulator's current time
//   POST /_sandbox/webhooks/flush                       send every waiting webhook now
//   POST /_sandbox/faults                  operation=… count=…   the next requests of an operation answer 500
import type { EmulatorBilling } from './billing';
import { invalidRequest, StripeApiError } from './errors';
import type { Events } from './events';
import type { EmulatorFaults } from './faults';
import { parseForm, str } from './form';
import type { ObjectLocks } from './locks';

export function createControls(billing: EmulatorBilling, events: Events, locks: ObjectLocks, faults: EmulatorFaults) {
  const { store, clock } = billing;

  async function chargeOfInvoice(invoiceId: string): Promise<string | undefined> {
    const invoice = await billing.require(invoiceId, 'invoice');
    const paid = (invoice.payments as { data: { status: string; payment: { payment_intent?: string } }[] }).data.find(
      (p) => p.status === 'paid',
    );
    const intent = paid?.payment.payment_intent;
    return intent ? ((await store.get(intent))?.latest_charge as string | undefined) : undefined;
  }

  return async function control(method: string, path: string, body: string): Promise<unknown> {
    const form = parseForm(body);
    if (method === 'GET' && path === '/_sandbox/clock') return { now: clock.now() };
    if (method !== 'POST')
      throw new StripeApiError(405, {
        type: 'invalid_request_error',
        message: `${method} is not an emulator control; use POST.`,
      });
    if (path === '/_sandbox/webhooks/flush') return { pending: await events.flush() };
    if (path === '/_sandbox/faults') {
      const operation = str(form, 'operation') ?? '';
      const count = Number(str(form, 'count') ?? '1');
      if (!/^(Get|Post|Delete)[A-Za-z]+$/.test(operation))
        throw invalidRequest("operation must be an operationId of Stripe's OpenAPI description.", 'operation');
      if (!Number.isInteger(count) || count < 1)
        throw invalidRequest('count must be a whole number, 1 or more.', 'count');
      faults.add(operation, count);
      return { operation, count };
    }
    if (path === '/_sandbox/clock/advance') {
      const seconds = Number(str(form, 'seconds'));
      if (!Number.isInteger(seconds) || seconds < 0)
        throw invalidRequest('seconds must be a whole number of seconds, 0 or more.', 'seconds');
      return { now: await clock.advance(seconds) };
    }
    let match = /^\/_sandbox\/checkout\/([^/]+)\/complete$/.exec(path);
    if (match) {
      const session = await billing.require(match[1]!, 'checkout.session');
      return locks.with([session.id, session.customer as string], () =>
        billing.completeCheckout(session.id, str(form, 'card') ?? '', str(form, 'payment_method')),
      );
    }
    if (path === '/_sandbox/disputes') {
      const invoiceId = str(form, 'invoice');
      const charge = str(form, 'charge') ?? (invoiceId ? await chargeOfInvoice(invoiceId) : undefined);
      if (!charge) throw invalidRequest('Pass charge, or invoice of a paid invoice.', invoiceId ? 'invoice' : 'charge');
      return locks.with([charge], () => billing.openDispute(charge));
    }
    match = /^\/_sandbox\/disputes\/([^/]+)\/close$/.exec(path);
    if (match) {
      const status = str(form, 'status');
      if (status !== 'won' && status !== 'lost') throw invalidRequest('status must be won or lost.', 'status');
      return locks.with([match[1]!], () => billing.closeDispute(match![1]!, status));
    }
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `No emulator control at ${path}` });
  };
}
