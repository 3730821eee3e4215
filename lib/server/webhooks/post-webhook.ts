import 'server-only';

import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

import type { CheckedTarget } from './address-rules';

const DELIVERY_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read; the rest is dropped with the connection. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** The part of it kept in the delivery log. */
const SNIPPET_CHARS = 1000;

export type PostOutcome = {
  /** The HTTP status, or null when none arrived (refused, timed out, connection failed). */
  status: number | null;
  durationMs: number;
  responseSnippet: string | null;
  error: string | null;
};

/**
 * POSTs `body` to the checked address (never another lookup), with the URL's host for the Host
 * header and TLS name. Follows no redirect (a 3xx is an answer like any other non-2xx), reads at
 * most MAX_RESPONSE_BYTES, and gives up after DELIVERY_TIMEOUT_MS.
 */
export function postWebhook(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number = DELIVERY_TIMEOUT_MS,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const { url } = target;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({
        status,
        durationMs: elapsed(),
        responseSnippet: status === null ? null : text.slice(0, SNIPPET_CHARS),
        error,
      });
    };
    const req = request({
      host: target.address,
      family: target.family,
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      servername: target.host,
      agent: false,
      headers: {
        ...headers,
        Host: url.host,
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        'User-Agent': 'PublicDataAPI-Webhooks/1',
      },
    });
    const timer = setTimeout(
      () => finish(status === null ? `no answer within ${timeoutMs / 1000} s` : null),
      timeoutMs,
    );
    req.on('response', (response: IncomingMessage) => {
      status = response.statusCode ?? null;
      response.on('data', (chunk: Buffer) => {
        const room = MAX_RESPONSE_BYTES - received;
        chunks.push(chunk.subarray(0, room));
        received += Math.min(chunk.length, room);
        if (received >= MAX_RESPONSE_BYTES) finish(null);
      });
      response.on('end', () => finish(null));
      response.on('error', () => finish(null));
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    req.end(body);
  });
}
