// JSON responses with the gateway's headers, compressed when the client takes it.
import { type ApiError, errorStatus, type ErrorCode } from '../errors';
import { compress, MIN_COMPRESSED_BYTES, type Encoding } from './compression';
import { corsHeaders } from './cors';

export interface CallOutcome {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A body serialized to bytes once, and kept with its compressed forms as they are asked for:
 * the OpenAPI document, and a call's answer serialized as soon as the provider answered, so that
 * its records die young rather than outlive the wait for the billing commit (the garbage
 * collector would promote and then mark them: a millisecond per call on a 185 KB answer).
 */
export class PreparedBody {
  private encoded: Map<Encoding, Promise<Buffer>> | undefined;
  readonly bytes: Buffer;

  constructor(json: string) {
    this.bytes = Buffer.from(json);
  }

  as(encoding: Encoding): Promise<Buffer> {
    this.encoded ??= new Map();
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compress(this.bytes, encoding);
      body.catch(() => this.encoded!.delete(encoding));
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
export async function toResponse(
  outcome: CallOutcome,
  requestId: string,
  encoding: Encoding | null,
): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': JSON_TYPE,
    'x-request-id': requestId,
    ...corsHeaders,
    vary: 'Accept-Encoding',
    ...outcome.headers,
  };
  const prepared = outcome.body instanceof PreparedBody ? outcome.body : null;
  // Bytes, encoded once: given a string, the HTTP server would measure its UTF-8 length and then
  // encode it again to write it (a quarter of the gateway's time on a 185 KB answer).
  const bytes = prepared ? prepared.bytes : Buffer.from(JSON.stringify(outcome.body));
  const compressWith = bytes.length >= MIN_COMPRESSED_BYTES ? encoding : null;
  if (compressWith) headers['content-encoding'] = compressWith;
  const body = compressWith ? await (prepared ? prepared.as(compressWith) : compress(bytes, compressWith)) : bytes;
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
    status: outcome.status,
    headers,
  });
}
