// Request parameters checked against the operation's declaration in Stripe's OpenAPI description
// (the vendored subset in stripe-subset.json): a parameter the operation does not declare is
// Stripe's 400 `parameter_unknown`, a missing required one `parameter_missing`, a value of the
// wrong type or outside the enum a 400 naming it, as Stripe answers them.
import { StripeApiError } from '../errors';
import type { FormValue } from '../form';
import { operationById, type Schema } from './spec';

const unknownParam = (name: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_unknown',
    message: `Received unknown parameter: ${name}`,
    param: name,
  });
const invalid = (name: string, message: string, code?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, param: name, ...(code ? { code } : {}) });

const bracket = (prefix: string, key: string) => (prefix ? `${prefix}[${key}]` : key);

/** Whether a form value fits a schema; throws the first error Stripe would name. */
function check(value: FormValue, schema: Schema, name: string): void {
  if (schema.anyOf) {
    const errors: unknown[] = [];
    for (const option of schema.anyOf) {
      try {
        check(value, option, name);
        return;
      } catch (error) {
        errors.push(error);
      }
    }
    // The option of the value's own shape names the error best (an object's unknown key).
    const shaped = schema.anyOf.findIndex((o) =>
      typeof value === 'object' ? o.type === 'object' || o.type === 'array' : o.type !== 'object' && o.type !== 'array',
    );
    throw errors[Math.max(0, shaped)];
  }
  switch (schema.type) {
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value))
        throw invalid(name, `Invalid object: ${name}`, 'parameter_invalid_string');
      for (const [key, inner] of Object.entries(value)) {
        const declared = schema.properties?.[key];
        if (declared) check(inner, declared, bracket(name, key));
        else if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
          check(inner, schema.additionalProperties, bracket(name, key));
        else if (schema.additionalProperties !== true) throw unknownParam(bracket(name, key));
      }
      for (const key of schema.required ?? [])
        if (!Object.hasOwn(value, key))
          throw invalid(bracket(name, key), `Missing required param: ${bracket(name, key)}.`, 'parameter_missing');
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) throw invalid(name, `Invalid array: ${name}`);
      value.forEach((item, i) => check(item, schema.items ?? {}, `${name}[${i}]`));
      return;
    }
    case 'integer':
      if (typeof value !== 'string' || !/^-?\d+$/.test(value))
        throw invalid(
          name,
          `Invalid integer: ${typeof value === 'string' ? value : name}`,
          'parameter_invalid_integer',
        );
      return;
    case 'number':
      if (typeof value !== 'string' || !Number.isFinite(Number(value)) || value.trim() === '')
        throw invalid(name, `Invalid decimal: ${name}`);
      return;
    case 'boolean':
      if (value !== 'true' && value !== 'false')
        throw invalid(name, `Invalid boolean: ${typeof value === 'string' ? value : name}`);
      return;
    case 'string':
      if (typeof value !== 'string') throw invalid(name, `Invalid string: ${name}`);
      if (schema.enum && !schema.enum.includes(value))
        throw invalid(name, `Invalid ${name}: must be one of ${schema.enum.join(', ')}`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength)
        throw invalid(name, `Invalid string: ${name} is longer than ${schema.maxLength} characters`);
      return;
    default:
      return;
  }
}

/** Checks a request's parameters (query or form body, already parsed) against the operation. */
export function checkParams(operationId: string, params: Record<string, FormValue>): void {
  const operation = operationById(operationId);
  if (!operation) throw new Error(`The vendored OpenAPI subset has no operation ${operationId}`);
  const body = operation.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const declared: Schema = {
    type: 'object',
    properties: { ...(body?.properties ?? {}), ...Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])) },
    required: [...(body?.required ?? []), ...query.filter((p) => p.required).map((p) => p.name)],
  };
  check(params as FormValue, declared, '');
}
