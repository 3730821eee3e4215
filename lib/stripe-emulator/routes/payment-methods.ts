// Payment methods: listed (all of a customer's, or by the `customer` parameter), retrieved and
// detached. They are made by Checkout in setup mode (the hosted pages), not through this API.
import { id, type Route, type RouteContext } from './route';

export function paymentMethodRoutes({ billing, listOf, customerObjects }: RouteContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      operation: 'GetCustomersCustomerPaymentMethods',
      run: async (m, p) =>
        listOf(
          `/v1/customers/${id(m)}/payment_methods`,
          await billing.store.list('payment_method', { customer: id(m) }),
          p,
        ),
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
  ];
}
