// Which provider serves a family: an HTTP upstream when the operator set
// UPSTREAM_<FAMILY>_URL (and UPSTREAM_<FAMILY>_SECRET), else the deterministic sandbox.
import type { EndpointDefinition, Provider } from '../registry/types';
import { sandboxProvider } from '../sandbox';
import { HttpProvider } from './http-provider';

export function createProviderResolver(env: Readonly<Record<string, string | undefined>> = process.env): (endpoint: EndpointDefinition) => Provider {
  const cache = new Map<string, Provider>();
  return (endpoint) => {
    let provider = cache.get(endpoint.family);
    if (!provider) {
      const name = endpoint.family.toUpperCase();
      const baseUrl = env[`UPSTREAM_${name}_URL`];
      provider = baseUrl ? new HttpProvider({ baseUrl, secret: env[`UPSTREAM_${name}_SECRET`] }) : sandboxProvider;
      cache.set(endpoint.family, provider);
    }
    return provider;
  };
}
