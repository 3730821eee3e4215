// The structured log of the API server and the job worker (pino): one JSON object a line on
// stdout, with the request id where there is one, for a log shipper to index. Pretty lines at a
// developer's terminal (LOG_FORMAT, pino-pretty when installed, else JSON).
// Keys and secrets never reach a line: the fields that could hold them are censored by path
// (redactPaths), request lines carry the path without its query string, and a message is text
// we write, not a request's headers.
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';
import { env } from '@/lib/env';

/** Fields censored wherever they appear at the top level or one object down. */
const secretFields = [
  'apiKey',
  'api_key',
  'key',
  'x-api-key',
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'secret',
  'token',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'AUTH_SECRET',
  'API_INTERNAL_SECRET',
];
export const redactPaths = [
  ...secretFields.map((f) => `["${f}"]`),
  ...secretFields.map((f) => `*["${f}"]`),
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
];

/** A synchronous pino-pretty stream when the package is installed (a devDependency), else null. */
function prettyStream(): DestinationStream | null {
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => DestinationStream;
    return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  } catch {
    return null;
  }
}

function createLogger(): Logger {
  const pretty =
    env.LOG_FORMAT === 'pretty' ||
    (env.LOG_FORMAT === undefined && env.NODE_ENV !== 'production' && process.stdout.isTTY === true);
  const options = {
    level: env.LOG_LEVEL,
    redact: { paths: redactPaths, censor: '[redacted]' },
    base: { pid: process.pid },
  };
  const stream = pretty ? prettyStream() : null;
  return stream ? pino(options, stream) : pino(options);
}

export const logger = createLogger();

/** The `log(message, detail)` the gateway and its parts take: an error line, with the request id the message names. */
export function logError(message: string, detail?: unknown): void {
  const requestId = /\breq_[0-9a-f]+\b/.exec(message)?.[0];
  const fields = {
    ...(requestId ? { requestId } : {}),
    ...(detail instanceof Error ? { err: detail } : detail !== undefined ? { detail } : {}),
  };
  logger.error(fields, message);
}
