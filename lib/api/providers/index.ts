// Which provider serves an endpoint (see ./sources.ts for the choice): the family's native
// adapter when it is live and serves that path, else its HTTP upstream when UPSTREAM_<FAMILY>_URL
// is set, else the deterministic sandbox. Providers are built once, on first use.
import type { EndpointDefinition, Family, Provider } from '../registry/types';
import { sandboxProvider } from './sandbox';
import { HttpProvider } from './http-provider';
import { createLiveShared, createLiveSource, politenessFor, type LiveShared } from './live';
import type { LiveAdapter, Sql } from './live/types';
import { resolveSources } from './sources';
import { envRecord, type EnvRecord } from '@/lib/env';

export interface ProviderResolver {
  (endpoint: EndpointDefinition): Provider;
  /** Closes what the live providers hold (Redis, kept-alive connections). */
  close(): Promise<void>;
}

export function createProviderResolver(
  env: EnvRecord = envRecord(),
  options: {
    adapters?: Partial<Record<Family, LiveAdapter>>;
    log?: (message: string) => void;
    /** The database for the adapters that keep state there (none when not given: their calls fail). */
    sql?: Sql;
  } = {},
): ProviderResolver {
  const sources = resolveSources(env, options.adapters);
  // Settings read only when a live provider is first built are checked now, so a bad one stops the start.
  for (const source of Object.values(sources)) if (source.adapter) politenessFor(source.adapter, env);
  const byFamily = new Map<string, Provider>();
  const live = new Map<string, { provider: Provider; close(): Promise<void> }>();
  let shared: LiveShared | null = null;

  const fallbackFor = (family: Family): Provider => {
    let provider = byFamily.get(family);
    if (!provider) {
      const name = family.toUpperCase();
      const baseUrl = env[`UPSTREAM_${name}_URL`];
      provider =
        sources[family].fallback === 'upstream' && baseUrl
          ? new HttpProvider({ baseUrl, secret: env[`UPSTREAM_${name}_SECRET`] })
          : sandboxProvider;
      byFamily.set(family, provider);
    }
    return provider;
  };

  const resolve = ((endpoint: EndpointDefinition): Provider => {
    if (endpoint.family === null) return sandboxProvider;
    const source = sources[endpoint.family];
    if (
      source.source === 'live' &&
      source.adapter &&
      source.liveBaseUrl &&
      source.adapter.paths.some((path) => path === endpoint.path)
    ) {
      let entry = live.get(endpoint.family);
      if (!entry) {
        shared ??= createLiveShared(env, options.log, options.sql);
        const { provider, platform } = createLiveSource(source.adapter, source.liveBaseUrl, env, shared);
        entry = { provider, close: () => platform.close() };
        live.set(endpoint.family, entry);
      }
      return entry.provider;
    }
    return fallbackFor(endpoint.family);
  }) as ProviderResolver;
  resolve.close = async () => {
    await Promise.all([...live.values()].map((entry) => entry.close()));
    await shared?.close();
  };
  return resolve;
}
