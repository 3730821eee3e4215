// Builders for query-parameter schemas. Query values arrive as strings; each builder parses one
// and fails with a message that states the rule ("must be an integer from 1 to 10"). The gateway
// prefixes the parameter's name, so every error names the parameter and the rule.
import { z } from 'zod';

/** A string of 1..max characters (leading/trailing spaces trimmed). */
export function text(max: number) {
  return z
    .string()
    .trim()
    .min(1, { error: 'must not be blank' })
    .max(max, { error: `must be at most ${max} characters` });
}

/** A username: max characters, a leading @ allowed and removed. */
export function username(max = 100) {
  return text(max)
    .transform((v) => v.replace(/^@/, ''))
    .refine((v) => v.length > 0, { error: 'must be a username, not only @' });
}

/** A query value parsed as an integer (a string of digits, then its number and its bounds). */
type IntSchema = z.ZodPipe<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>, z.ZodNumber>;

/** An integer from min to max; with a default when given, so that it is never absent once parsed. */
export function int(min: number, max: number | null): z.ZodOptional<IntSchema>;
export function int(min: number, max: number | null, fallback: number): z.ZodDefault<IntSchema>;
export function int(min: number, max: number | null, fallback?: number) {
  const rule = max === null ? `an integer of at least ${min}` : `an integer from ${min} to ${max}`;
  let n = z
    .number()
    .int()
    .min(min, { error: `must be ${rule}` });
  if (max !== null) n = n.max(max, { error: `must be ${rule}` });
  const schema = z
    .string()
    .regex(/^-?\d{1,9}$/, { error: `must be ${rule}` })
    .transform(Number)
    .pipe(n);
  // What the OpenAPI document shows: the value's meaning, not the query string's text.
  const meta = {
    type: 'integer',
    minimum: min,
    ...(max === null ? {} : { maximum: max }),
    ...(fallback === undefined ? {} : { default: fallback }),
  };
  return fallback === undefined ? schema.optional().meta(meta) : schema.default(fallback).meta(meta);
}

/** A decimal number, optionally bounded. */
export function decimal(min = 0) {
  return z
    .string()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, { error: `must be a number of at least ${min}` })
    .transform(Number)
    .pipe(z.number().min(min, { error: `must be a number of at least ${min}` }))
    .optional()
    .meta({ type: 'number', minimum: min });
}

/** "true" or "false"; absent means false. */
export function bool() {
  return z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true')
    .meta({ type: 'boolean', default: false });
}

/** One of a fixed set of strings, with a default when given (then never absent once parsed). */
export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodOptional<z.ZodEnum<z.util.ToEnum<T[number]>>>;
export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
): z.ZodDefault<z.ZodEnum<z.util.ToEnum<T[number]>>>;
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, fallback?: T[number]) {
  const schema = z.enum(values, { error: `must be one of: ${values.join(', ')}` });
  return fallback === undefined ? schema.optional() : schema.default(fallback as never);
}

/** A calendar date YYYY-MM-DD. */
export function date() {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date in the form YYYY-MM-DD', abort: true })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: 'must be a real calendar date YYYY-MM-DD',
      },
    )
    .optional()
    .meta({ type: 'string', format: 'date' });
}

/** A cross-parameter rule as data: what the OpenAPI document, the docs and the explorer show. */
export type ParameterRule =
  | { kind: 'exactly_one_of'; params: string[] }
  | { kind: 'at_least_one_of'; params: string[] }
  | { kind: 'only_valid_with'; param: string; other: string; values: string[] }
  | { kind: 'in_order'; low: string; high: string; message: string };

type Check = (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;
interface Rule {
  rule: ParameterRule;
  check: Check;
}

/** Cross-parameter rule issues carry the API error code to use. */
function fail(ctx: z.RefinementCtx, path: string, code: 'missing_parameter' | 'invalid_parameter', message: string) {
  ctx.addIssue({ code: 'custom', path: [path], message, params: { apiCode: code } });
}

const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(' or ');

/** Exactly one of several parameters must be given. */
export function exactlyOne(...names: string[]): Rule {
  return {
    rule: { kind: 'exactly_one_of', params: names },
    check: (v, ctx) => {
      const given = names.filter((n) => v[n] !== undefined);
      if (given.length === 0)
        fail(ctx, names[0]!, 'missing_parameter', `Missing parameter: provide exactly one of ${quoted(names)}`);
      if (given.length > 1)
        fail(
          ctx,
          given[1]!,
          'invalid_parameter',
          `Invalid parameters: provide exactly one of ${quoted(names)}, not ${given.length}`,
        );
    },
  };
}

/** At least one of several parameters must be given ("provide either"). */
export function atLeastOne(...names: string[]): Rule {
  return {
    rule: { kind: 'at_least_one_of', params: names },
    check: (v, ctx) => {
      if (names.every((n) => v[n] === undefined)) {
        fail(ctx, names[0]!, 'missing_parameter', `Missing parameter: provide ${quoted(names)}`);
      }
    },
  };
}

/** `name` is only valid when `other` has one of `values`. */
export function onlyWith(name: string, other: string, values: readonly string[]): Rule {
  return {
    rule: { kind: 'only_valid_with', param: name, other, values: [...values] },
    check: (v, ctx) => {
      if (v[name] !== undefined && !values.includes(String(v[other]))) {
        fail(
          ctx,
          name,
          'invalid_parameter',
          `Invalid parameter '${name}': only valid with ${other} ${values.join(' or ')}`,
        );
      }
    },
  };
}

/**
 * `low` must not be greater than `high` when both are given (dates as YYYY-MM-DD compare as
 * text); the error names `flagged` with `message`.
 */
export function inOrder(low: string, high: string, flagged: string, message: string): Rule {
  return {
    rule: { kind: 'in_order', low, high, message },
    check: (v, ctx) => {
      const a = v[low];
      const b = v[high];
      if (
        a !== undefined &&
        b !== undefined &&
        typeof a === typeof b &&
        (a as number | string) > (b as number | string)
      ) {
        fail(ctx, flagged, 'invalid_parameter', message);
      }
    },
  };
}

const rulesOf = new WeakMap<z.ZodType, readonly ParameterRule[]>();

/** A strict object of parameters (unknown parameters are rejected) plus cross-parameter rules. */
export function params<S extends z.ZodRawShape>(shape: S, ...rules: Rule[]) {
  const schema = z.strictObject(shape).superRefine((v, ctx) => {
    for (const rule of rules) rule.check(v as Record<string, unknown>, ctx);
  });
  rulesOf.set(
    schema,
    rules.map((r) => r.rule),
  );
  return schema;
}

/** The cross-parameter rules of an endpoint's params schema (built by `params`). */
export function parameterRules(schema: z.ZodType): readonly ParameterRule[] {
  return rulesOf.get(schema) ?? [];
}

/** One sentence per rule, as the docs and the explorer show it. */
export function describeRule(rule: ParameterRule): string {
  if (rule.kind === 'exactly_one_of') return `Provide exactly one of ${quoted(rule.params)}.`;
  if (rule.kind === 'at_least_one_of')
    return `Provide ${rule.params.length > 1 ? 'either ' : ''}${quoted(rule.params)}${rule.params.length > 1 ? ' (or both)' : ''}.`;
  if (rule.kind === 'only_valid_with')
    return `'${rule.param}' is only valid with ${rule.other} ${rule.values.join(' or ')}.`;
  return `${rule.message.replace(/^Invalid parameters?:? ?/, '')}.`;
}

export interface ParameterError {
  code: 'missing_parameter' | 'invalid_parameter';
  error: string;
}

/** Turns every zod issue into one readable error; missing wins over invalid for the code. */
export function toParameterError(error: z.ZodError, raw: Record<string, unknown>): ParameterError {
  let missing = false;
  const parts: string[] = [];
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    const apiCode = issue.code === 'custom' ? (issue.params?.apiCode as string | undefined) : undefined;
    if (apiCode) {
      if (apiCode === 'missing_parameter') missing = true;
      parts.push(issue.message);
    } else if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) parts.push(`Unknown parameter '${key}'`);
    } else if (raw[name] === undefined) {
      missing = true;
      parts.push(`Missing parameter '${name}'`);
    } else {
      parts.push(`Invalid parameter '${name}': ${issue.message}`);
    }
  }
  return { code: missing ? 'missing_parameter' : 'invalid_parameter', error: [...new Set(parts)].join('; ') };
}
