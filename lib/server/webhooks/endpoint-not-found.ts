import { ConsoleError } from '@/lib/server/console-error';

// Another account's endpoint answers exactly like one that never existed.
export function webhookEndpointNotFound(): ConsoleError {
  return new ConsoleError('not_found', 'This webhook endpoint does not exist or has been deleted');
}
