// The one table of API error codes and their HTTP statuses, and the one error type.
export const errorStatus = {
  invalid_body: 400,
  invalid_parameter: 400,
  missing_parameter: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  revoked_api_key: 401,
  expired_api_key: 401,
  payment_required: 402,
  insufficient_credits: 402,
  account_blocked: 403,
  private_account: 403,
  limited_account: 403,
  key_not_permitted: 403,
  not_found: 404,
  channel_not_found: 404,
  endpoint_not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  concurrency_limit_exceeded: 429,
  daily_limit_exceeded: 429,
  monthly_limit_exceeded: 429,
  key_limit_exceeded: 429,
  upstream_rate_limit: 429,
  internal_error: 500,
  upstream_error: 502,
  service_unavailable: 503,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = errorStatus[code];
  }
}

/** Fixed texts the spec gives for some codes. */
export const errorText = {
  missing_api_key: 'Missing API key',
  bearer_api_key: 'Missing API key: send it in the X-API-Key header, not as Authorization: Bearer',
  invalid_api_key: 'Invalid API key',
  revoked_api_key: 'API key revoked',
  expired_api_key: 'API key expired',
  account_blocked: 'Account blocked: a payment failed. Update your payment method in the console to continue.',
  internal_error: 'Internal error. Quote the X-Request-Id header if you contact support.',
  service_unavailable: 'The service is briefly unavailable. Retry with exponential backoff.',
} as const;
