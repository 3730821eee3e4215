// Shared helpers for the per-family registry tests: look up a definition by path, run its
// sandbox handler on parsed params, and turn a rejected query into the API's error.
import { toParameterError } from '../params';
import type { EndpointDefinition, SandboxHandler } from '../types';

type Query = Readonly<Record<string, string | undefined>>;

export function familyKit<const D extends EndpointDefinition>(definitions: readonly D[], sandbox: Record<string, SandboxHandler>) {
  type Path = D['path'];
  function endpoint(path: Path): D {
    const definition = definitions.find((d) => d.path === path);
    if (!definition) throw new Error(`no definition for ${path}`);
    return definition;
  }
  return {
    endpoint,
    async run(path: Path, query: Query) {
      return sandbox[path]!(endpoint(path).params.parse(query));
    },
    rejection(path: Path, query: Query) {
      const parsed = endpoint(path).params.safeParse(query);
      if (parsed.success) throw new Error(`expected ${JSON.stringify(query)} to be rejected`);
      return toParameterError(parsed.error, query);
    },
  };
}

/** The first record of a body: the first element of a list field, or an object field. */
export function firstRecord(body: Record<string, unknown>): Record<string, unknown> | undefined {
  for (const value of Object.values(body)) {
    const candidate: unknown = Array.isArray(value) ? value[0] : value;
    if (candidate !== null && typeof candidate === 'object') return candidate as Record<string, unknown>;
  }
  return undefined;
}

/** The first list field of a body. */
export const listOf = (body: Record<string, unknown>) => Object.values(body).find(Array.isArray) as Record<string, unknown>[];
