// The vendored part of Stripe's OpenAPI description (stripe-subset.json, see NOTICE and
// README.md beside it): the operations the product calls and the schemas of what they answer.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Schema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  nullable?: boolean;
  maxLength?: number;
  format?: string;
  'x-expandableFields'?: string[];
  'x-stripeResource'?: { class_name?: string };
}

export interface Operation {
  operationId: string;
  parameters?: { name: string; in: 'query' | 'path'; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export interface VendoredSpec {
  info: { version: string; 'x-vendored-from': string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
  /** Schemas the subset names but does not carry: checked only as JSON objects (see README.md). */
  'x-not-vendored': string[];
}

let spec: VendoredSpec | undefined;

export function vendoredSpec(): VendoredSpec {
  spec ??= JSON.parse(
    readFileSync(fileURLToPath(new URL('./stripe-subset.json', import.meta.url)), 'utf8'),
  ) as VendoredSpec;
  return spec;
}

export function operationById(operationId: string): (Operation & { path: string; method: string }) | undefined {
  for (const [path, methods] of Object.entries(vendoredSpec().paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (operation.operationId === operationId) return { ...operation, path, method };
    }
  }
  return undefined;
}
