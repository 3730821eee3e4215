// JSON responses with the gateway's headers.
import { ApiError, errorStatus, type ErrorCode } from '../errors';

export interface CallOutcome {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export function errorOutcome(code: ErrorCode, error: string, headers: Record<string, string> = {}): CallOutcome {
  return { status: errorStatus[code], body: { error, code }, headers };
}

export function outcomeOf(error: ApiError): CallOutcome {
  return errorOutcome(error.code, error.message, error.headers);
}

export function toResponse(outcome: CallOutcome, requestId: string): Response {
  return new Response(JSON.stringify(outcome.body), {
    status: outcome.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, ...outcome.headers },
  });
}
