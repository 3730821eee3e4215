// Events: the account's own, listed (by `type`) and retrieved; the product reconciles with them
// what a lost webhook did not deliver.
import { str } from '../form';
import { id, type Route, type RouteContext } from './route';

export function eventRoutes({ billing, listOf }: RouteContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/v1\/events$/,
      operation: 'GetEvents',
      run: async (_m, p) =>
        listOf(
          '/v1/events',
          await billing.store.list('event', {
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
}
