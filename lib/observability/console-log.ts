// The console's failures in the one log (logger.ts), each with the id of the request it happened
// in. proxy.ts gives every console request an id in the API's format (req_…) and sends it back in
// X-Request-Id, so a failure a person reports from the browser can be found in the log.
import 'server-only';
import { headers } from 'next/headers';
import { logger } from './logger';

/** The id of the console request being served (proxy.ts's X-Request-Id), or undefined outside one (a test, a script). */
async function consoleRequestId(): Promise<string | undefined> {
  try {
    return (await headers()).get('x-request-id') ?? undefined;
  } catch {
    // headers() throws outside a request; a log line must never fail for want of an id.
    return undefined;
  }
}

/** An error line for a failure while serving a console request, with the request's id. */
export async function logConsoleError(message: string, error: unknown, fields: Record<string, unknown> = {}) {
  const requestId = await consoleRequestId();
  logger.error({ ...fields, ...(requestId ? { requestId } : {}), err: error }, message);
}
