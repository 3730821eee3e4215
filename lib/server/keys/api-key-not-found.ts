import { ConsoleError } from '@/lib/server/console-error';

// Another account's key and a deleted key answer exactly like a key that never existed.
export function apiKeyNotFound(): ConsoleError {
  return new ConsoleError('not_found', 'This key does not exist or has been deleted');
}
