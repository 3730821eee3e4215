// `expand[]` as Stripe reads it: dotted paths through expandable fields (an id becomes the object),
// embedded objects (`invoice_settings.default_payment_method`), lists (`data`), and includable
// fields that are left out unless asked for (`payments` on an invoice). At most four levels of
// expansion; a path through anything else is a 400.
import { StripeApiError } from './errors';
import { INCLUDABLE_FIELDS, publicView } from './events';
import type { EmulatorStore, StripeObject } from './store';

/** Expandable fields by object type (dotted within the object), and the type each one holds. */
const EXPANDABLE: Record<string, Record<string, string>> = {
  'checkout.session': {
    customer: 'customer',
    setup_intent: 'setup_intent',
    payment_intent: 'payment_intent',
    invoice: 'invoice',
  },
  setup_intent: { customer: 'customer', payment_method: 'payment_method', latest_attempt: 'setup_attempt' },
  payment_method: { customer: 'customer' },
  customer: { 'invoice_settings.default_payment_method': 'payment_method', default_source: 'source' },
  invoice: { customer: 'customer', default_payment_method: 'payment_method' },
  invoice_payment: { invoice: 'invoice', 'payment.payment_intent': 'payment_intent', 'payment.charge': 'charge' },
  invoiceitem: { customer: 'customer', invoice: 'invoice' },
  payment_intent: { customer: 'customer', latest_charge: 'charge', payment_method: 'payment_method' },
  charge: { customer: 'customer', payment_intent: 'payment_intent' },
  dispute: { charge: 'charge', payment_intent: 'payment_intent' },
  refund: { charge: 'charge', payment_intent: 'payment_intent' },
  'billing_portal.session': {},
};

const MAX_DEPTH = 4;

const cannotExpand = (path: string, index: number) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message: `This property cannot be expanded (${path}).`,
    param: `expand[${index}]`,
  });

type Json = unknown;

export function createExpander(store: EmulatorStore) {
  /** The public view of `value` (an object or a list) with `paths` expanded. */
  async function expandAll(value: Json, paths: string[]): Promise<Json> {
    let out = view(value);
    for (const [index, path] of paths.entries()) {
      const segments = path.split('.');
      if (segments.some((s) => s === '')) throw cannotExpand(path, index);
      out = await walk(out, raw(value), segments, '', path, index, 0);
    }
    return out;
  }

  const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const view = (v: Json): Json => {
    if (isObject(v) && v.object === 'list' && Array.isArray(v.data)) return { ...v, data: v.data.map(view) };
    return isObject(v) && typeof v.object === 'string' && typeof v.id === 'string' ? publicView(v as StripeObject) : v;
  };
  const raw = (v: Json): Record<string, Json> | null => (isObject(v) ? v : null);

  async function walk(
    value: Json,
    stored: Record<string, Json> | null,
    segments: string[],
    prefix: string,
    path: string,
    index: number,
    depth: number,
  ): Promise<Json> {
    if (!segments.length) return value;
    if (!isObject(value)) throw cannotExpand(path, index);
    const [head, ...rest] = segments as [string, ...string[]];
    // A list: `data` goes into every item.
    if (value.object === 'list' && !prefix) {
      if (head !== 'data' || !Array.isArray(value.data)) throw cannotExpand(path, index);
      const storedItems = Array.isArray(stored?.data) ? stored.data : [];
      const items = await Promise.all(
        value.data.map((item, i) => walk(item, raw(storedItems[i]) ?? raw(item), rest, '', path, index, depth)),
      );
      return { ...value, data: items };
    }
    const type =
      typeof value.object === 'string' && !prefix ? value.object : ((stored?.object as string | undefined) ?? '');
    const field = `${prefix}${head}`;
    const copy: Record<string, Json> = { ...value };
    if (!prefix && INCLUDABLE_FIELDS[type]?.includes(head) && stored && head in stored) {
      copy[head] = await walk(view(stored[head]), raw(stored[head]), rest, '', path, index, depth);
      return copy;
    }
    const target = EXPANDABLE[type]?.[field];
    const current = value[head];
    if (target && typeof current === 'string') {
      if (depth + 1 > MAX_DEPTH) throw cannotExpand(path, index);
      const loaded = await store.get(current);
      if (!loaded) return copy;
      copy[head] = await walk(publicView(loaded), loaded, rest, '', path, index, depth + 1);
      return copy;
    }
    if (target && isObject(current)) {
      copy[head] = await walk(current, raw(current), rest, '', path, index, depth);
      return copy;
    }
    if (target && current === null) return copy;
    // An embedded object (no `object` of its own): the path goes on inside the same object type.
    if (isObject(current) && typeof current.object !== 'string' && rest.length) {
      const inner = await walk(current, stored, rest, `${field}.`, path, index, depth);
      copy[head] = inner;
      return copy;
    }
    throw cannotExpand(path, index);
  }

  return expandAll;
}
