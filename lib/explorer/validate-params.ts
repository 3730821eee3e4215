// The browser's check of a call's parameters: the endpoint's own params schema from the registry
// and the gateway's own wording (toParameterError), so the form says what the API would say.
// The API stays the judge: a call this lets through is still answered, and refused, by it.
import { z } from 'zod';

import { findEndpoint } from '@/lib/api/registry';
import { toParameterError } from '@/lib/api/registry/params';

// zod compiles object parsers with `new Function`, which the console's CSP (no eval) refuses;
// in the browser it parses without compiling instead. The server keeps the compiled parsers.
if (typeof window !== 'undefined') z.config({ jitless: true });

export interface ParamCheck {
  /** The API's whole message, as its 400 body's `error` would read; null when the form is valid. */
  message: string | null;
  code: 'missing_parameter' | 'invalid_parameter' | null;
  /** Each parameter's messages, for the field that shows them. */
  fieldErrors: Record<string, string[]>;
}

const valid: ParamCheck = { message: null, code: null, fieldErrors: {} };

export function checkParams(path: string, pairs: readonly (readonly [string, string])[]): ParamCheck {
  const endpoint = findEndpoint(path);
  if (endpoint?.method !== 'GET') return valid;
  const raw: Record<string, string> = Object.fromEntries(pairs);
  const parsed = endpoint.params.safeParse(raw);
  if (parsed.success) return valid;
  const { code, error } = toParameterError(parsed.error, raw);
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? 'form');
    const message = toParameterError(new z.ZodError([issue]), raw).error;
    const list = (fieldErrors[name] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return { message: error, code, fieldErrors };
}
