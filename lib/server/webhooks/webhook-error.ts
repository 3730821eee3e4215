// The one error type of webhook endpoint management. Its message is written for the person in the
// console, so an action can show it as is.
export type WebhookErrorCode = 'not_found' | 'limit_reached' | 'invalid_url' | 'invalid_input';

export class WebhookError extends Error {
  readonly code: WebhookErrorCode;

  constructor(code: WebhookErrorCode, message: string) {
    super(message);
    this.name = 'WebhookError';
    this.code = code;
  }
}

// Another account's endpoint answers exactly like one that never existed.
export function webhookEndpointNotFound(): WebhookError {
  return new WebhookError('not_found', 'This webhook endpoint does not exist or has been deleted');
}
