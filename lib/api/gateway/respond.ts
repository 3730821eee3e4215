// JSON responses with the gateway's headers, compressed when the client takes it.
import { ApiError, errorStatus, type ErrorCode } from '../errors';
import { compress, MIN_COMPRESSED_BYTES, type Encoding } from './compression';
import { corsHeaders } from './cors';

export interface CallOutcome {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** A body serialized once and kept with its compressed forms (the OpenAPI document). */
export class PreparedBody {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly json: string) {}

  as(encoding: Encoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compress(this.json, encoding);
      body.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

export function errorOutcome(code: ErrorCode, error: string, headers: Record<string, string> = {}): CallOutcome {
  return { status: errorStatus[code], body: { error, code }, headers };
}

export function outcomeOf(error: ApiError): CallOutcome {
  return errorOutcome(error.code, error.message, error.headers);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The response for an outcome: JSON, the request id, CORS, compressed with `encoding` when large enough. */
export async function toResponse(outcome: CallOutcome, requestId: string, encoding: Encoding | null): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': JSON_TYPE,
    'x-request-id': requestId,
    ...corsHeaders,
    vary: 'Accept-Encoding',
    ...outcome.headers,
  };
  const prepared = outcome.body instanceof PreparedBody ? outcome.body : null;
  const json = prepared ? prepared.json : JSON.stringify(outcome.body);
  // Characters never outnumber bytes, so the length is a safe test of the threshold.
  if (encoding && json.length >= MIN_COMPRESSED_BYTES) {
    const body = prepared ? await prepared.as(encoding) : await compress(json, encoding);
    headers['content-encoding'] = encoding;
    return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status: outcome.status, headers });
  }
  return new Response(json, { status: outcome.status, headers });
}
