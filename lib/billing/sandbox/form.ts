// Stripe's request bodies and query strings: form encoding with bracket notation
// (`metadata[accountId]=a`, `expand[0]=setup_intent`, `invoice_settings[default_payment_method]=pm_1`)
// read into nested objects; numeric indexes make arrays.
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

function set(target: Record<string, FormValue>, path: string[], value: string): void {
  let node: Record<string, FormValue> = target;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = {};
    node = node[key] as Record<string, FormValue>;
  }
}

/** Objects whose keys are all indexes become arrays, in index order. */
function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arrays(value[k]!)] as const);
  if (keys.length && keys.every((k) => /^\d+$/.test(k) || k === '')) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

export function parseForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(name);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    set(root, path, value);
  }
  return arrays(root) as Record<string, FormValue>;
}

/** A parameter as a string, or undefined. */
export function str(params: Record<string, FormValue>, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A parameter's object of string values (metadata), or {}. */
export function record(params: Record<string, FormValue>, name: string): Record<string, string> {
  const value = params[name];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** A parameter's list of strings (expand[]), or []. */
export function list(params: Record<string, FormValue>, name: string): string[] {
  const value = params[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}
