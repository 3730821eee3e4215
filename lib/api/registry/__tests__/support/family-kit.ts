// Shared helpers for the per-family registry tests: look up a definition by path, run its
// sandbox handler on parsed params, and turn a rejected query into the API's error.
import { expect, it } from 'vitest';
import { z } from 'zod';
import { toParameterError } from '../../params';
import { handlerAt, type SandboxHandlers } from '../../../providers/handlers';
import type { DataPath } from '../..';
import type { EndpointDefinition } from '../../types';

/** A family's sandbox handlers, as the tests call them by a definition's path. */
type Sandbox = Partial<SandboxHandlers<DataPath>>;

type Query = Readonly<Record<string, string | undefined>>;

export function familyKit<const D extends EndpointDefinition>(definitions: readonly D[], sandbox: Sandbox) {
  type Path = D['path'];
  function endpoint(path: Path): D {
    const definition = definitions.find((d) => d.path === path);
    if (!definition) throw new Error(`no definition for ${path}`);
    return definition;
  }
  return {
    endpoint,
    async run(path: Path, query: Query) {
      return handlerAt(sandbox, path)!(endpoint(path).params.parse(query));
    },
    rejection(path: Path, query: Query) {
      const parsed = endpoint(path).params.safeParse(query);
      if (parsed.success) throw new Error(`expected ${JSON.stringify(query)} to be rejected`);
      return toParameterError(parsed.error, query);
    },
  };
}

/** The first record of a body: the first element of a list field, or an object field. */
function firstRecord(body: Record<string, unknown>): Record<string, unknown> | undefined {
  for (const value of Object.values(body)) {
    const candidate: unknown = Array.isArray(value) ? value[0] : value;
    if (candidate !== null && typeof candidate === 'object') return candidate as Record<string, unknown>;
  }
  return undefined;
}

/** The first list field of a body. */
export const listOf = (body: Record<string, unknown>) =>
  Object.values(body).find(Array.isArray) as Record<string, unknown>[];

/**
 * The checks every endpoint's definition and sandbox must pass, registered as tests in the
 * caller's describe block: the example parses; the sandbox answers it with a body matching the
 * strict response schema (which refuses a missing or an extra record field), bills the pages
 * the body holds, and gives the same body every time; the response schema converts to JSON Schema for the OpenAPI document.
 */
export function contractTests(definition: EndpointDefinition, sandbox: Sandbox): void {
  const answer = () => handlerAt(sandbox, definition.path)!(definition.params.parse(definition.example));
  it('parses its example query', () => {
    expect(definition.params.safeParse(definition.example).success).toBe(true);
  });
  it('answers the example with a body that matches the strict response schema, billing the pages it holds', async () => {
    const result = await answer();
    expect(definition.response.safeParse(result.body).error).toBeUndefined();
    expect(result.pagesReturned).toBe(definition.billingUnit === 'page' ? result.body.pages : 1);
  });
  it('answers the same params with the same body', async () => {
    expect(await answer()).toEqual(await answer());
  });
  it('rejects a body whose record lacks a field or carries an extra one', async () => {
    const { body } = await answer();
    const field = Object.keys(firstRecord(body)!)[0]!;
    const missing = structuredClone(body);
    delete firstRecord(missing)![field];
    expect(definition.response.safeParse(missing).success).toBe(false);
    const extra = structuredClone(body);
    firstRecord(extra)!.unexpected = 1;
    expect(definition.response.safeParse(extra).success).toBe(false);
  });
  it('has a response schema that converts to JSON Schema for the OpenAPI document', () => {
    expect(() => z.toJSONSchema(definition.response)).not.toThrow();
  });
}
