// The structured log of the API server and the job worker (pino): one JSON object a line on
// stdout, with the request id where there is one, for a log shipper to index. Pretty lines at a
// developer's terminal (LOG_FORMAT, pino-pretty when installed, else JSON).
// Keys and secrets never reach a line: the fields that could hold them are censored by path
// (redactPaths), request lines carry the path without its query string, and the text of every
// message, error message and stack is run through redactSecretsInText (redact-text.ts), since a
// message can quote a URL with credentials or a token in its query (a news feed's, say).
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { env } from '@/lib/env';
import { redactSecretsInText } from './redact-text';

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
const redactPaths = [
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

/** An error as pino writes it, its message and stack (which can quote a URL) redacted. */
function serializeError(error: Error): object {
  const serialized = pino.stdSerializers.err(error);
  return {
    ...serialized,
    message: redactSecretsInText(serialized.message),
    ...(serialized.stack ? { stack: redactSecretsInText(serialized.stack) } : {}),
  };
}

/** The options of every logger of the app: level, redaction by path and in text, the pid. */
export function loggerOptions(level: string = env.LOG_LEVEL): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    base: { pid: process.pid },
    serializers: { err: serializeError },
    hooks: {
      // Every string argument (the message and its format arguments) and string field one level down.
      logMethod(args, method) {
        const redacted = args.map((arg: unknown) => {
          if (typeof arg === 'string') return redactSecretsInText(arg);
          if (arg && typeof arg === 'object' && !(arg instanceof Error)) {
            return Object.fromEntries(
              Object.entries(arg).map(([k, v]) => [k, typeof v === 'string' ? redactSecretsInText(v) : v]),
            );
          }
          return arg;
        });
        return method.apply(this, redacted as Parameters<typeof method>);
      },
    },
  };
}

function createLogger(): Logger {
  const pretty =
    env.LOG_FORMAT === 'pretty' ||
    (env.LOG_FORMAT === undefined && env.NODE_ENV !== 'production' && process.stdout.isTTY === true);
  const stream = pretty ? prettyStream() : null;
  return stream ? pino(loggerOptions(), stream) : pino(loggerOptions());
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
