// Errors in Stripe's wire format: {error: {type, code, message, param}} with Stripe's statuses.
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      code?: string;
      message: string;
      param?: string;
      decline_code?: string;
      charge?: string;
      doc_url?: string;
      /** A card error's PaymentIntent and PaymentMethod, as Stripe includes them. */
      payment_intent?: unknown;
      payment_method?: unknown;
    },
  ) {
    super(body.message);
  }
}

export const invalidRequest = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeApiError(400, { type: 'invalid_request_error', code, message, param });

export const missing = (type: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${type}: '${id}'`,
    param,
  });
