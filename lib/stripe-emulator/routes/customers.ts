// Customers: create, retrieve, update (email, name, metadata, the default payment method, which
// must be attached to the customer) and delete.
import { invalidRequest } from '../errors';
import { object, record, str } from '../form';
import { id, type Route, type RouteContext } from './route';

export function customerRoutes({ billing }: RouteContext): Route[] {
  return [
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
  ];
}
