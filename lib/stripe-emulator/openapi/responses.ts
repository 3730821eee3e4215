// Every answer of the emulator's REST API checked against the response schema its operation
// declares in Stripe's OpenAPI description: 200 against the operation's schema, errors against
// `error`. Expanded fields are objects where the schema allows an id or the object (anyOf).
import { operationById, vendoredSpec } from './spec';
import { validate, type SchemaContext } from './validate';

export interface ContractViolation {
  operation: string;
  path: string;
  status: number;
  problem: string;
}

let context: SchemaContext | undefined;
const schemaContext = (): SchemaContext => {
  const spec = vendoredSpec();
  context ??= { schemas: spec.components.schemas, notVendored: new Set(spec['x-not-vendored']) };
  return context;
};

/** null when the answer fits the operation's declared response; else what does not. */
export function checkResponse(
  operationId: string | undefined,
  method: string,
  path: string,
  status: number,
  body: unknown,
): ContractViolation | null {
  const context = schemaContext();
  const operation = operationId ? operationById(operationId) : undefined;
  const declared =
    status === 200 && operation
      ? operation.responses['200']?.content?.['application/json']?.schema
      : { $ref: '#/components/schemas/error' };
  if (!declared)
    return {
      operation: operationId ?? `${method} ${path}`,
      path,
      status,
      problem: 'no declared response for this status',
    };
  const problem = validate(body, declared, context);
  return problem ? { operation: operationId ?? `${method} ${path}`, path, status, problem } : null;
}
