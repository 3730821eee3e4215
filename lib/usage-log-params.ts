// The parameters a call is logged with (UsageEvent.params, shown on /usage/requests/<id>): its
// validated parameters as the gateway parsed them (defaults filled in, `@` taken off usernames),
// as a canonical query string in the schema's order, so that the console can list them, copy
// them and open the call again in the explorer. Never a key: the key is a header, and a
// parameter whose name could hold one is left out (as the explorer's share links leave it out).
// Bounded: at most LOGGED_PARAMS_MAX characters, a cut one ending in the marker. Computed once
// per distinct query string (lib/api/gateway/params-cache.ts keeps it beside the parsed
// parameters). Imports nothing: the gateway writes this form and the console reads it.

/** Longest logged query string, marker included (percent-encoded, so characters are bytes). */
export const LOGGED_PARAMS_MAX = 2048;
/** Ends a logged query string that was cut (never in one: a query string is percent-encoded). */
export const LOGGED_PARAMS_CUT = '…';

/**
 * A parameter name that could carry a key or a token (key, api_key, x-api-key, token,
 * authorization, …): never logged. The same rule as lib/explorer/share-link.ts's mayHoldSecret.
 */
function mayHoldSecret(name: string): boolean {
  return /key|token|secret|authorization/i.test(name);
}

/** Validated parameters as the logged query string; null when there are none to log. */
export function loggedParams(params: Readonly<Record<string, unknown>>): string | null {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || mayHoldSecret(name)) continue;
    query.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = query.toString();
  if (text === '') return null;
  if (text.length <= LOGGED_PARAMS_MAX) return text;
  // Cut at a whole escape (no trailing "%" or "%X" of a "%XX" that did not fit), then at a whole
  // character: a character the cut split leaves up to 3 of its UTF-8 bytes' escapes, dropped.
  let cut = text.slice(0, LOGGED_PARAMS_MAX - LOGGED_PARAMS_CUT.length).replace(/%[0-9A-F]?$/i, '');
  for (let i = 0; i < 3 && !decodes(/(?:%[0-9A-F]{2})*$/i.exec(cut)![0]); i++) cut = cut.slice(0, -3);
  return cut + LOGGED_PARAMS_CUT;
}

function decodes(escapes: string): boolean {
  try {
    decodeURIComponent(escapes);
    return true;
  } catch {
    return false;
  }
}

export interface LoggedParamsView {
  /** The logged query string, without the marker. */
  query: string;
  /** Name and value, decoded, in order (a cut one's last value is cut too). */
  entries: [string, string][];
  /** Whether the query string was cut to LOGGED_PARAMS_MAX characters. */
  truncated: boolean;
}

/** A logged query string read back for display; null when the call logged none. */
export function readLoggedParams(logged: string | null): LoggedParamsView | null {
  if (logged === null || logged === '') return null;
  const truncated = logged.endsWith(LOGGED_PARAMS_CUT);
  const query = truncated ? logged.slice(0, -LOGGED_PARAMS_CUT.length) : logged;
  return { query, entries: [...new URLSearchParams(query)], truncated };
}
