// One call from the explorer to the real /v1 endpoint on the console's own origin, timed, with
// every header and the body as text (parsed as JSON once, for the views that need it).
import { requestUrl } from './request-url';

/** The headers that say what a call cost, highlighted in the response view (X-Request-Id names the
 * call, not its cost: it is listed with the other headers). */
export const BILLING_HEADERS = [
  'x-billed-units',
  'x-free-units',
  'x-billed-amount-micros',
  'x-free-tier-remaining',
] as const;

export interface CallRequest {
  method: 'GET' | 'POST';
  path: string;
  params: readonly (readonly [string, string])[];
  /** JSON body of a POST. */
  body?: string;
  apiKey: string;
}

export interface CallResult {
  status: number;
  statusText: string;
  /** The error code of a JSON error body, else null. */
  code: string | null;
  durationMs: number;
  headers: [string, string][];
  text: string;
  /** Size of the body in bytes (UTF-8). */
  bytes: number;
  /** The parsed body; undefined when it is not JSON, or large and not asked for. */
  json: unknown;
  requestId: string | null;
  units: number | null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** How much of a body is decoded between two pauses that let the browser paint and answer. */
const YIELD_EVERY_BYTES = 256 * 1024;

function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The body as text, decoded chunk by chunk with pauses: 3.5 MB in one go blocks the tab. */
async function readBody(response: Response): Promise<{ text: string; bytes: number }> {
  if (!response.body) {
    const text = await response.text();
    return { text, bytes: new TextEncoder().encode(text).byteLength };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  let sincePause = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    // A chunk may be the whole body (a cached or intercepted answer): decode it in slices too.
    for (let offset = 0; offset < value.byteLength; offset += YIELD_EVERY_BYTES) {
      const slice = value.subarray(offset, offset + YIELD_EVERY_BYTES);
      parts.push(decoder.decode(slice, { stream: true }));
      sincePause += slice.byteLength;
      if (sincePause >= YIELD_EVERY_BYTES) {
        sincePause = 0;
        await yieldToBrowser();
      }
    }
  }
  parts.push(decoder.decode());
  return { text: parts.join(''), bytes };
}

/** Bodies larger than this are not parsed unless asked (see sendCall's parseLarge). */
export const PARSE_LIMIT_BYTES = 256 * 1024;

export async function sendCall(
  request: CallRequest,
  options: { parseLarge?: boolean; signal?: AbortSignal } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { 'X-API-Key': request.apiKey };
  if (request.method === 'POST') headers['Content-Type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(requestUrl(request.path, request.params), {
    method: request.method,
    headers,
    body: request.method === 'POST' ? (request.body ?? '{}') : undefined,
    // The key travels in its header only: no cookies, nothing cached.
    credentials: 'omit',
    cache: 'no-store',
    signal: options.signal,
  });
  const { text, bytes } = await readBody(response);
  const durationMs = Math.round(performance.now() - started);
  // A large body is parsed only when a view needs its records: parsing 3.5 MB is the longest
  // step on the main thread, and the text view does not need it.
  const json = bytes <= PARSE_LIMIT_BYTES || options.parseLarge ? parseJson(text) : undefined;
  const code = json && typeof json === 'object' && 'code' in json && typeof json.code === 'string' ? json.code : null;
  const units = response.headers.get('x-billed-units');
  return {
    status: response.status,
    statusText: response.statusText,
    code: response.ok ? null : code,
    durationMs,
    headers: [...response.headers.entries()],
    text,
    bytes,
    json,
    requestId: response.headers.get('x-request-id'),
    units: units === null ? null : Number(units),
  };
}

/** "3.4 MB", "812 B". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
