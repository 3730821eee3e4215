import 'server-only';

// Example responses for the reference: the sandbox's answer to each endpoint's example query,
// with lists cut to their first records so the page stays small.
import { sandboxProvider } from '@/lib/api/providers/sandbox';
import type { EndpointDefinition } from '@/lib/api/registry/types';

const RECORDS_SHOWN = 2;

function shorten(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) {
    const kept = value.slice(0, RECORDS_SHOWN).map((v) => shorten(v, depth + 1));
    return value.length > RECORDS_SHOWN && depth === 0 ? [...kept, `… ${value.length - RECORDS_SHOWN} more`] : kept;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v, depth + 1)]));
  }
  return value;
}

/** The example's answer as indented JSON, or null for endpoints the sandbox does not serve. */
export async function exampleResponse(endpoint: EndpointDefinition): Promise<string | null> {
  if (endpoint.family === null) return null;
  const parsed = endpoint.params.safeParse(endpoint.example);
  if (!parsed.success) return null;
  try {
    const result = await sandboxProvider.call(endpoint, parsed.data, AbortSignal.timeout(5_000));
    return JSON.stringify(shorten(result.body), null, 2);
  } catch {
    return null;
  }
}
