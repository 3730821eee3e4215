// Stripe's request bodies and query strings: form encoding with bracket notation
// (`metadata[accountId]=a`, `expand[0]=setup_intent`, `invoice_settings[default_payment_method]=pm_1`)
// read into nested objects; numeric indexes make arrays. The objects have no prototype, and the
// keys that reach one (`__proto__`, `constructor`, `prototype`) are refused: a form posted from any
// page must not be able to change the process's objects.
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A form that cannot be read: answered 400 with the offending parameter named. */
export class FormError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
  }
}

const bare = (): Record<string, FormValue> => Object.create(null) as Record<string, FormValue>;

function set(target: Record<string, FormValue>, path: string[], value: string, name: string): void {
  let node: Record<string, FormValue> = target;
  for (const [i, part] of path.entries()) {
    // `expand[]=a&expand[]=b`: an empty index appends.
    const key = part === '' ? String(Object.keys(node).length) : part;
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (typeof next === 'string') throw new FormError(`Invalid object: ${name} mixes a value and an object.`, name);
    if (next === undefined) node[key] = bare();
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
  const out = bare();
  for (const [k, v] of entries) out[k] = v;
  return out;
}

/** Parses a form; throws FormError for a forbidden key or a name that is both a value and an object. */
export function parseForm(text: string): Record<string, FormValue> {
  const root = bare();
  for (const [name, value] of new URLSearchParams(text)) {
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(name);
    if (!match) throw new FormError(`Invalid parameter name: ${name}`, name);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    const forbidden = path.find((key) => FORBIDDEN_KEYS.has(key));
    if (forbidden) throw new FormError(`Invalid parameter name: ${name} (the key ${forbidden} is not allowed).`, name);
    set(root, path, value, name);
  }
  return arrays(root) as Record<string, FormValue>;
}

const own = (params: Record<string, FormValue>, name: string): FormValue | undefined =>
  Object.hasOwn(params, name) ? params[name] : undefined;

/** A parameter as a string, or undefined. */
export function str(params: Record<string, FormValue>, name: string): string | undefined {
  const value = own(params, name);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A parameter's object of string values (metadata), or {}. */
export function record(params: Record<string, FormValue>, name: string): Record<string, string> {
  const value = own(params, name);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** A parameter's nested object, or undefined. */
export function object(params: Record<string, FormValue>, name: string): Record<string, FormValue> | undefined {
  const value = own(params, name);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

/** A parameter's list of strings (expand[]), or []. */
export function list(params: Record<string, FormValue>, name: string): string[] {
  const value = own(params, name);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}
