// The providers' handlers, keyed by the registry's typed path map: the handler of a path reads
// that endpoint's validated parameters as its schema's output (`ParamsOf`), so no handler casts
// or re-checks what the registry already parsed.
import type { DataPath, ParamsOf } from '../registry';
import type { ProviderResult } from '../registry/types';

/** Sandbox handlers of the paths P: parsed parameters in, a deterministic result out. */
export type SandboxHandlers<P extends DataPath> = {
  readonly [K in P]: (params: ParamsOf<K>) => ProviderResult | Promise<ProviderResult>;
};

/** Live handlers of the paths P: parsed parameters and the call's signal in, the platform's answer out. */
export type LiveHandlers<P extends DataPath> = {
  readonly [K in P]: (params: ParamsOf<K>, signal: AbortSignal) => Promise<ProviderResult>;
};

/** A handler of any path, as the dispatch below calls it. */
type Handler<A extends unknown[], R> = (params: Record<string, unknown>, ...rest: A) => R;

/**
 * The handler of `path` in a map keyed by the typed path map, or undefined when the map has none.
 * The provider calls it with the parameters the gateway parsed with the schema of the endpoint
 * at that path, which are that path's `ParamsOf`: the one place where the typed map meets a
 * definition of any endpoint.
 */
export function handlerAt<A extends unknown[], R>(
  handlers: { readonly [K in DataPath]?: (params: ParamsOf<K>, ...rest: A) => R },
  path: string,
): Handler<A, R> | undefined {
  return (handlers as Readonly<Record<string, Handler<A, R> | undefined>>)[path];
}
