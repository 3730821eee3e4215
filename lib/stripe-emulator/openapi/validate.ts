// A small validator for the part of JSON Schema (OpenAPI 3.0 dialect) that Stripe's description
// uses: $ref, type, nullable, properties, required, additionalProperties, items, enum, anyOf,
// oneOf, allOf, maxLength. Stricter than JSON Schema in one way, on purpose: an object schema that
// lists its properties (every Stripe resource does) refuses properties it does not list, so a
// field the emulator invents, or one Stripe has removed, is caught.
import type { Schema } from './spec';

export interface SchemaContext {
  schemas: Record<string, Schema>;
  /** Schemas named but not vendored: any JSON object passes. */
  notVendored: Set<string>;
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** The first problem found, as "path: what is wrong", or null when the value fits. */
export function validate(value: unknown, schema: Schema, context: SchemaContext, path = '$'): string | null {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (context.notVendored.has(name))
      return typeOf(value) === 'object' ? null : `${path}: expected an object (${name}), got ${typeOf(value)}`;
    const target = context.schemas[name];
    if (!target) return `${path}: the schema ${name} is neither vendored nor listed as left out`;
    return validate(value, target, context, path);
  }
  if (value === null) return schema.nullable ? null : `${path}: null where the schema does not allow it`;
  if (schema.allOf)
    for (const part of schema.allOf) {
      const problem = validate(value, part, context, path);
      if (problem) return problem;
    }
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const problems = options.map((o) => validate(value, o, context, path));
    if (problems.every((p) => p !== null)) return problems.sort((a, b) => b!.length - a!.length)[0]!;
    return null;
  }
  if (schema.enum && !schema.enum.includes(value))
    return `${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`;
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return `${path}: expected a string, got ${typeOf(value)}`;
      if (schema.maxLength !== undefined && value.length > schema.maxLength)
        return `${path}: longer than ${schema.maxLength}`;
      return null;
    case 'integer':
      return Number.isInteger(value) ? null : `${path}: expected an integer, got ${JSON.stringify(value)}`;
    case 'number':
      return typeof value === 'number' ? null : `${path}: expected a number, got ${typeOf(value)}`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${path}: expected a boolean, got ${typeOf(value)}`;
    case 'array': {
      if (!Array.isArray(value)) return `${path}: expected an array, got ${typeOf(value)}`;
      for (const [i, item] of value.entries()) {
        const problem = schema.items ? validate(item, schema.items, context, `${path}[${i}]`) : null;
        if (problem) return problem;
      }
      return null;
    }
    case 'object':
    case undefined: {
      if (schema.type === undefined && !schema.properties) return null;
      if (typeOf(value) !== 'object') return `${path}: expected an object, got ${typeOf(value)}`;
      const object = value as Record<string, unknown>;
      for (const key of schema.required ?? []) if (!(key in object)) return `${path}.${key}: required, missing`;
      for (const [key, inner] of Object.entries(object)) {
        const declared = schema.properties?.[key];
        if (declared) {
          const problem = validate(inner, declared, context, `${path}.${key}`);
          if (problem) return problem;
        } else if (typeof schema.additionalProperties === 'object') {
          const problem = validate(inner, schema.additionalProperties, context, `${path}.${key}`);
          if (problem) return problem;
        } else if (schema.properties && schema.additionalProperties !== true) {
          return `${path}.${key}: not a property of this object in Stripe's schema`;
        }
      }
      return null;
    }
    default:
      return null;
  }
}
