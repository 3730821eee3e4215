import 'server-only';

import type { z } from 'zod';

import { getConsoleSession, type ConsoleSession } from '@/lib/auth/get-console-session';
import { queryErrors } from '@/lib/validation/usage';

type Parsed<T> = { session: ConsoleSession; query: T } | { response: Response };

/**
 * The start of every usage route handler: the signed-in session (401 JSON without one) and the
 * query string parsed by `schema` (400 JSON naming each bad parameter). Responses are private
 * to the account and never cached.
 */
export async function usageRouteInput<S extends z.ZodType>(request: Request, schema: S): Promise<Parsed<z.infer<S>>> {
  const session = await getConsoleSession();
  if (!session)
    return {
      response: Response.json(
        { error: 'Sign in to read usage', code: 'unauthorized' },
        { status: 401, headers: NO_STORE },
      ),
    };
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  if (!parsed.success)
    return {
      response: Response.json(
        { error: queryErrors(parsed.error), code: 'invalid_parameter' },
        { status: 400, headers: NO_STORE },
      ),
    };
  return { session, query: parsed.data };
}

export const NO_STORE = { 'Cache-Control': 'private, no-store' } as const;
