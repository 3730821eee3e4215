// Invoices as Stripe runs them: drafts with items, finalization, `charge_automatically` or
// `send_invoice` collection (`days_until_due` / `due_date`, `POST /send`, `invoice.overdue` when a
// sent invoice passes its due date on the emulator clock), payment of `open` and `uncollectible`
// invoices, `attempt_count` as Stripe counts it, void and uncollectible. The invoice object and
// its collection settings are in invoice-object.ts, items in invoice-items.ts, payment in
// invoice-payments.ts.
import type { EmulatorBilling } from './billing';
import { invalidRequest } from './errors';
import { addInvoiceItem } from './invoice-items';
import { type CreateInvoiceParams, collectionSettings, DAY, draftInvoice } from './invoice-object';
import { markInvoicePaid, payInvoice } from './invoice-payments';
import { newId, type StripeObject as Obj } from './store';

export class EmulatorInvoices {
  constructor(private readonly billing: EmulatorBilling) {}

  private get clock() {
    return this.billing.clock;
  }

  async create(params: CreateInvoiceParams): Promise<Obj> {
    const customer = await this.billing.require(params.customer, 'customer');
    const invoice = await this.billing.store.put(
      draftInvoice({
        id: newId('in'),
        now: this.clock.now(),
        account: this.billing.account,
        customer,
        params,
        collection: collectionSettings(params),
      }),
    );
    await this.billing.events.emit('invoice.created', invoice);
    return invoice;
  }

  /** POST /v1/invoices/{id}: metadata and description always; collection settings while a draft. */
  async update(
    id: string,
    params: {
      metadata?: Record<string, string>;
      description?: string;
      collection_method?: string;
      days_until_due?: number;
      due_date?: number;
    },
  ): Promise<Obj> {
    const invoice = await this.billing.require(id, 'invoice');
    const changes: Record<string, unknown> = {};
    if (params.metadata) changes.metadata = { ...(invoice.metadata as object), ...params.metadata };
    if (params.description) changes.description = params.description;
    if (
      params.collection_method !== undefined ||
      params.days_until_due !== undefined ||
      params.due_date !== undefined
    ) {
      if (invoice.status !== 'draft')
        throw invalidRequest(
          `Invoice ${id} is no longer a draft; its collection settings cannot change.`,
          'collection_method',
          'invoice_not_editable',
        );
      const collection = collectionSettings({
        collection_method: params.collection_method ?? (invoice.collection_method as string),
        days_until_due:
          params.days_until_due ??
          ((params.collection_method ?? invoice.collection_method) === 'send_invoice' && params.due_date === undefined
            ? ((invoice.sandbox_days_until_due as number | null) ?? undefined)
            : undefined),
        due_date: params.due_date,
      });
      Object.assign(changes, {
        collection_method: collection.collection_method,
        sandbox_days_until_due: collection.days_until_due,
        due_date:
          collection.due_date ??
          (collection.days_until_due !== null ? Number(invoice.created) + collection.days_until_due * DAY : null),
      });
    }
    return this.billing.update(invoice, changes, 'invoice.updated');
  }

  /** POST /v1/invoiceitems: an item on a draft invoice (invoice-items.ts). */
  addItem(params: Parameters<typeof addInvoiceItem>[1]): Promise<Obj> {
    return addInvoiceItem(this.billing, params);
  }

  async finalize(id: string): Promise<Obj> {
    const invoice = await this.billing.require(id, 'invoice');
    if (invoice.status !== 'draft')
      throw invalidRequest("This invoice is already finalized, you can't re-finalize a non-draft invoice.");
    const now = this.clock.now();
    const pages = this.billing.pagesUrl;
    const finalized = await this.billing.update(
      invoice,
      {
        status: 'open',
        number: await this.billing.store.nextInvoiceNumber(),
        effective_at: now,
        hosted_invoice_url: `${pages}/invoices/${id}`,
        invoice_pdf: `${pages}/invoices/${id}/pdf`,
        status_transitions: { ...(invoice.status_transitions as object), finalized_at: now },
      },
      'invoice.finalized',
    );
    // A zero-amount invoice is paid at once: attempted, with no payment attempt counted.
    return Number(finalized.amount_due) === 0
      ? markInvoicePaid(this.billing, finalized, null, { attempted: true })
      : finalized;
  }

  /** Charges an `open` or `uncollectible` invoice (invoice-payments.ts). */
  pay(id: string, params: Parameters<typeof payInvoice>[2], options?: Parameters<typeof payInvoice>[3]): Promise<Obj> {
    return payInvoice(this.billing, id, params, options);
  }

  /** POST /v1/invoices/{id}/send: finalizes a draft first, as Stripe does, and announces `invoice.sent`. */
  async send(id: string): Promise<Obj> {
    let invoice = await this.billing.require(id, 'invoice');
    if (invoice.collection_method !== 'send_invoice') {
      throw invalidRequest('You can only send an invoice whose collection_method is send_invoice.', 'invoice');
    }
    if (invoice.status === 'void') throw invalidRequest(`Invoice ${id} is void and cannot be sent.`);
    if (invoice.status === 'draft') invoice = await this.finalize(id);
    const sent = await this.billing.store.put({ ...invoice, sandbox_sent_at: this.clock.now() });
    await this.billing.events.emit('invoice.sent', sent);
    return sent;
  }

  async void(id: string): Promise<Obj> {
    const invoice = await this.billing.require(id, 'invoice');
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible')
      throw invalidRequest(`You can only void an open or uncollectible invoice; this one is ${invoice.status}.`);
    return this.billing.update(
      invoice,
      {
        status: 'void',
        status_transitions: { ...(invoice.status_transitions as object), voided_at: this.clock.now() },
      },
      'invoice.voided',
    );
  }

  async markUncollectible(id: string): Promise<Obj> {
    const invoice = await this.billing.require(id, 'invoice');
    if (invoice.status !== 'open')
      throw invalidRequest(`You can only mark an open invoice uncollectible; this one is ${invoice.status}.`);
    return this.billing.update(
      invoice,
      {
        status: 'uncollectible',
        status_transitions: { ...(invoice.status_transitions as object), marked_uncollectible_at: this.clock.now() },
      },
      'invoice.marked_uncollectible',
    );
  }

  /** This account's open `send_invoice` invoices past their due date announce `invoice.overdue`, once each. */
  async announceOverdue(): Promise<number> {
    const now = this.clock.now();
    const { rows } = await this.billing.store.pool.query(
      `SELECT data FROM stripe_sandbox.objects
       WHERE type = 'invoice' AND data->>'sandbox_account' = $1 AND data->>'status' = 'open'
         AND data->>'collection_method' = 'send_invoice' AND (data->>'due_date')::bigint <= $2 AND NOT data ? 'sandbox_overdue_at'
       ORDER BY seq`,
      [this.billing.account, now],
    );
    for (const { data: invoice } of rows as { data: Obj }[]) {
      const marked = await this.billing.store.put({ ...invoice, sandbox_overdue_at: now });
      await this.billing.events.emit('invoice.overdue', marked);
    }
    return rows.length;
  }
}
