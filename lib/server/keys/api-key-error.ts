// The one error type of key management. Actions map `code` to a message; the message itself is
// written for the person in the console, so it can be shown as is.
export type ApiKeyErrorCode = 'not_found' | 'limit_reached' | 'invalid_transition' | 'name_taken' | 'invalid_input';

export class ApiKeyError extends Error {
  readonly code: ApiKeyErrorCode;

  constructor(code: ApiKeyErrorCode, message: string) {
    super(message);
    this.name = 'ApiKeyError';
    this.code = code;
  }
}

// Another account's key and a deleted key answer exactly like a key that never existed.
export function apiKeyNotFound(): ApiKeyError {
  return new ApiKeyError('not_found', 'This key does not exist or has been deleted');
}
