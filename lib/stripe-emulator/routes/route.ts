// What a route module of the emulator's REST API declares, and the helpers they share: each
// module (one per Stripe resource) lists its operations by method, path pattern and operationId in
// Stripe's OpenAPI description, the objects each changing call holds locked, and the call itself.
import type { EmulatorBilling } from '../billing';
import { str, type FormValue } from '../form';
import type { EmulatorInvoices } from '../invoices';
import type { StripeObject } from '../store';

export type Params = Record<string, FormValue>;

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  /** The operation's id in Stripe's OpenAPI description. */
  operation: string;
  /** Ids of the objects the call changes: held locked while it runs. */
  locks?: (match: string[], params: Params) => (string | undefined)[];
  run: (match: string[], params: Params) => Promise<unknown>;
}

/** What the route modules call: the emulator's objects and invoices, and Stripe's list envelope. */
export interface RouteContext {
  billing: EmulatorBilling;
  invoices: EmulatorInvoices;
  /** A page of `items` in Stripe's list envelope (`limit`, `starting_after`). */
  listOf: (url: string, items: StripeObject[], params: Params) => unknown;
  /** The objects of a type, of the `customer` parameter when given, that pass `where`. */
  customerObjects: (type: string, params: Params, where?: (o: StripeObject) => boolean) => Promise<StripeObject[]>;
}

export const bool = (params: Params, name: string) =>
  str(params, name) === undefined ? undefined : str(params, name) === 'true';
export const int = (params: Params, name: string) =>
  str(params, name) === undefined ? undefined : Number(str(params, name));
/** The id a path pattern captured first. */
export const id = ([first]: string[]) => first!;

export function createRouteContext(billing: EmulatorBilling, invoices: EmulatorInvoices): RouteContext {
  const { store } = billing;
  return {
    billing,
    invoices,
    listOf: (url, items, params) => {
      const limit = Math.min(100, Math.max(1, int(params, 'limit') ?? 10));
      const after = str(params, 'starting_after');
      const start = after ? items.findIndex((i) => i.id === after) + 1 : 0;
      const page = items.slice(start, start + limit);
      return { object: 'list', data: page, has_more: start + limit < items.length, url };
    },
    customerObjects: (type, params, where) => store.list(type, { customer: str(params, 'customer'), where }),
  };
}
