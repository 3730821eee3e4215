// The explorer form's values: text per parameter, started from the endpoint's example (or a share
// link), and the query pairs a call sends (blank fields left out, as the API treats them absent).
import type { EndpointModel, ParamField } from '@/lib/docs/endpoint-model';

export type FormValues = Record<string, string>;

/** Blank for every parameter, then the example's values, then the share link's. */
export function initialValues(model: EndpointModel, shared: readonly (readonly [string, string])[] = []): FormValues {
  const values: FormValues = Object.fromEntries(model.params.map((p) => [p.name, '']));
  const source = shared.length > 0 ? shared : Object.entries(model.example);
  for (const [name, value] of source) {
    if (name in values) values[name] = value;
  }
  return values;
}

/** The parameters a call sends, in the schema's order; blank ones are left out. */
export function queryPairs(model: Pick<EndpointModel, 'params'>, values: FormValues): [string, string][] {
  return model.params
    .map((p): [string, string] => [p.name, (values[p.name] ?? '').trim()])
    .filter(([, value]) => value !== '');
}

/** The constraints of a field in words, shown under it: "integer · 1 to 40 · default 1". */
export function fieldHint(field: ParamField): string {
  const parts: string[] = [field.format === 'date' ? 'date YYYY-MM-DD' : field.type];
  if (field.minimum !== undefined && field.maximum !== undefined) parts.push(`${field.minimum} to ${field.maximum}`);
  else if (field.minimum !== undefined) parts.push(`at least ${field.minimum}`);
  else if (field.maximum !== undefined) parts.push(`at most ${field.maximum}`);
  if (field.minLength !== undefined || field.maxLength !== undefined) {
    parts.push(`${field.minLength ?? 0} to ${field.maxLength ?? '∞'} characters`);
  }
  if (field.default !== undefined) parts.push(`default ${String(field.default)}`);
  return parts.join(' · ');
}

/** The indexes of the rules that name a parameter: its field is described by those rules. */
export function rulesFor(model: Pick<EndpointModel, 'rules'>, name: string): number[] {
  return model.rules.flatMap((rule, i) => {
    if (rule.kind === 'exactly_one_of' || rule.kind === 'at_least_one_of') return rule.params.includes(name) ? [i] : [];
    if (rule.kind === 'only_valid_with') return rule.param === name || rule.other === name ? [i] : [];
    return rule.low === name || rule.high === name ? [i] : [];
  });
}

/** A batch body built from the first data endpoint's example, so it is never written twice. */
export function batchExample(models: readonly EndpointModel[]): string {
  const first = models.find((m) => m.method === 'GET' && m.priceMicros > 0);
  return JSON.stringify({ requests: first ? [{ path: first.path, params: first.example }] : [] }, null, 2);
}
